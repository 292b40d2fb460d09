import { readingMessages } from '@patentdesk/contract/documents'
import { workerData } from 'piscina'
import { begin } from '~/shared/thread-deadline'
import { checkDocx, readDocxText } from './docx'
import { checkImage, readImageText } from './image'
import { type DocumentReadingLimits, MAX_TEXT_CHARACTERS } from './limits'
import { readPdf } from './pdf'
import { useCountedPdfjs } from './pdfjs-counted'
import { DocumentProblem, type ReadOutcome, type ReadTask } from './read-task'

/**
 * Spaces and blank lines before a line's end, taken from where the run starts: `/\s+\n/` alone tried a long
 * run of spaces again from each of them, a time in the square of its length.
 */
const SPACE_BEFORE_LINE_END = /(?<!\s)\s+\n/g

async function read({ kind, mode, bytes }: ReadTask, limits: DocumentReadingLimits) {
  if (kind === 'pdf') {
    return readPdf(bytes, { mode, maxPages: limits.maxPdfPages, maxInflatedMb: limits.maxInflatedMb })
  }
  if (kind === 'docx') {
    await checkDocx(bytes, limits)
    return { text: mode === 'text' ? await readDocxText(bytes) : '', notes: [] }
  }
  checkImage(bytes, limits.maxMegapixels)
  return mode === 'text'
    ? { text: await readImageText(bytes), notes: [readingMessages.ocr] }
    : { text: '', notes: [] }
}

/**
 * Runs in a worker thread of the document reader's pool: whatever a parser does here (throw, hang, take
 * memory) ends this thread at worst. A parser's own error means the document is damaged.
 */
export async function readDocument(task: ReadTask): Promise<ReadOutcome> {
  // Loading pdf.js takes a thread ~0.3 s once: the thread's cost, not the document's time.
  if (task.kind === 'pdf') await useCountedPdfjs()
  begin(task.started)
  try {
    const { text, notes } = await read(task, workerData as DocumentReadingLimits)
    return {
      ok: true,
      text: text.replace(SPACE_BEFORE_LINE_END, '\n').trim().slice(0, MAX_TEXT_CHARACTERS),
      notes,
    }
  } catch (error) {
    return {
      ok: false,
      problem: error instanceof DocumentProblem ? error.message : readingMessages.unreadable,
    }
  }
}
