/** How untrusted documents are read (DOCUMENT_* settings; the table in docs/security.md). */
export type DocumentReadingLimits = {
  /** Worker threads reading documents at once. */
  workers: number
  /** Documents waiting for a worker; past that the answer is 503. */
  queue: number
  /** Time one document may take once a worker has started on it. */
  timeoutSeconds: number
  /** V8 heap of each worker; a parser that needs more ends its worker, not the server. */
  workerMemoryMb: number
  /** Image size from its header, checked before any pixel is decoded. */
  maxMegapixels: number
  /** Inflated size of each part of a DOCX, whatever its name, counted while inflating it. */
  maxMarkupMb: number
  /**
   * Bytes one document may expand to in all: every part of a DOCX, every stream pdf.js decodes. Memory a
   * worker takes outside its V8 heap (ArrayBuffers), which its heap limit does not bound.
   */
  maxInflatedMb: number
  /** PDF pages whose text is read; the rest are noted. */
  maxPdfPages: number
}

/** A DOCX with more parts than this is not a document anyone wrote. */
export const MAX_DOCX_PARTS = 2000

/** Text kept from one document, whatever its size. */
export const MAX_TEXT_CHARACTERS = 200_000
