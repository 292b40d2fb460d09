import type { MessagePort } from 'node:worker_threads'

/** The formats a worker reads; the caller has already checked the bytes are of this kind. */
export type DocumentKind = 'pdf' | 'docx' | 'image'

/** `check` proves the document can be read within the limits; `text` also returns its text. */
export type ReadMode = 'check' | 'text'

export type ReadTask = {
  kind: DocumentKind
  mode: ReadMode
  bytes: Uint8Array
  /** The worker says when it starts, so the time limit does not count the wait in the queue. */
  started: MessagePort
}

export type ReadOutcome = { ok: true; text: string; notes: string[] } | { ok: false; problem: string }

/** A problem of the document itself (damaged, over a limit), as opposed to a fault of the reader. */
export class DocumentProblem extends Error {}
