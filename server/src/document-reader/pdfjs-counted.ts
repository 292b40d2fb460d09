import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { definePDFJSModule } from 'unpdf'

/**
 * pdf.js decodes a stream (Flate, LZW, RunLength, ASCII85, decryption, …) into a buffer it grows in
 * `DecodeStream.ensureBuffer`, and tries a Flate or Brotli stream first through the native
 * `DecompressionStream`. Both allocate outside the V8 heap, so the worker's heap limit does not bound them:
 * a 1 MB PDF whose content stream inflates to 1 GB takes 1 GB. We load unpdf's pdf.js with one call added
 * at each of those two places, so every byte any filter produces is counted against the document's
 * budget and decoding stops there, whatever the filters, encryption or object streams. The two places
 * are found by their exact text in this unpdf version (pinned): if an upgrade moves them, loading fails
 * and every PDF test with it, rather than reading unbounded.
 */
const hook = 'globalThis.__patentdeskCountInflated'
const patches = [
  {
    find: 'let s=this.minBufferLength;for(;s<e;)s*=2;const i=new Uint8Array(s);',
    replace: `let s=this.minBufferLength;for(;s<e;)s*=2;${hook}(s-n.byteLength);const i=new Uint8Array(s);`,
  },
  {
    find: 'for await(const c of s)r.push(c),o+=c.byteLength;',
    replace: `for await(const c of s)${hook}(c.byteLength),r.push(c),o+=c.byteLength;`,
  },
]

/** Thrown by the count (pdf.js may catch it and go on; `exceeded` remembers). */
class InflateBudgetExceeded extends Error {}

let budget = { left: Number.POSITIVE_INFINITY, exceeded: false }
;(globalThis as Record<string, unknown>).__patentdeskCountInflated = (bytes: number) => {
  budget.left -= bytes
  if (budget.left < 0) {
    budget.exceeded = true
    throw new InflateBudgetExceeded()
  }
}

function countedSource() {
  let source = fs.readFileSync(fileURLToPath(import.meta.resolve('unpdf/pdfjs')), 'utf8')
  for (const { find, replace } of patches) {
    if (source.split(find).length !== 2) throw new Error(`pdf.js changed: "${find}" not found once`)
    source = source.replace(find, replace)
  }
  return source
}

let loaded = false

/** Makes unpdf use the counted pdf.js in this thread (once; parsing it takes ~0.3 s). */
export async function useCountedPdfjs() {
  if (loaded) return
  const url = `data:text/javascript;base64,${Buffer.from(countedSource()).toString('base64')}`
  await definePDFJSModule(() => import(url))
  loaded = true
}

/**
 * Runs `read` with at most `maxBytes` decoded by pdf.js; true when it needed more. One document is read
 * at a time in a reading thread, so one budget serves.
 */
export async function withInflateBudget<T>(maxBytes: number, read: () => Promise<T>) {
  budget = { left: maxBytes, exceeded: false }
  const own = budget
  try {
    return { value: await read(), exceeded: own.exceeded }
  } catch (error) {
    if (own.exceeded) return { value: undefined, exceeded: true }
    throw error
  } finally {
    budget = { left: Number.POSITIVE_INFINITY, exceeded: false }
  }
}
