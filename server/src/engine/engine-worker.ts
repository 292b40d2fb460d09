import type { MessagePort } from 'node:worker_threads'
import type { DraftText } from '@patentdesk/contract/drafting'
import { begin } from '~/shared/thread-deadline'
import { analyzeInvention, type Invention } from './analysis/engine'
import { corpusOver } from './corpus-port'
import { draftingChecks as checksOf } from './drafting/drafting-checks'

/**
 * The engine's tasks, run in its threads (engine-threads.ts) so that an input that costs the engine too
 * long costs one thread, never the server's. Bundled into one file with the engine (shared/bundled.ts).
 * Each task first says on `started` that a thread has it: its deadline counts from there.
 */
export type AnalyzeTask = { invention: Invention; port: MessagePort; started: MessagePort }
export type DraftingTask = { text: DraftText; started: MessagePort }

/** The offline analysis, reading the corpus through `port`. */
export async function analyze({ invention, port, started }: AnalyzeTask) {
  begin(started)
  try {
    return await analyzeInvention(invention, corpusOver(port))
  } finally {
    port.close()
  }
}

/** The live drafting checks of a draft. */
export function draftingChecks({ text, started }: DraftingTask) {
  begin(started)
  return checksOf(text)
}
