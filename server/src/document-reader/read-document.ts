import { readingMessages } from '@patentdesk/contract/documents'
import { workerData } from 'piscina'
import { checkDocx, readDocxText } from './docx'
import { checkImage, readImageText } from './image'
import { type DocumentReadingLimits, MAX_TEXT_CHARACTERS } from './limits'
import { readPdf } from './pdf'
import { DocumentProblem, type ReadOutcome, type ReadTask } from './read-task'

async function read({ kind, mode, bytes }: ReadTask, limits: DocumentReadingLimits) {
  if (kind === 'pdf') return readPdf(bytes, { mode, maxPages: limits.maxPdfPages })
  if (kind === 'docx') {
    await checkDocx(bytes, limits.maxMarkupMb)
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
  task.started.postMessage('started')
  task.started.close()
  try {
    const { text, notes } = await read(task, workerData as DocumentReadingLimits)
    return { ok: true, text: text.replace(/\s+\n/g, '\n').trim().slice(0, MAX_TEXT_CHARACTERS), notes }
  } catch (error) {
    return {
      ok: false,
      problem: error instanceof DocumentProblem ? error.message : readingMessages.unreadable,
    }
  }
}
