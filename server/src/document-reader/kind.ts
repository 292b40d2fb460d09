import type { DocumentKind } from './read-task'

const kindByMime: Record<string, DocumentKind> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'image/png': 'image',
  'image/jpeg': 'image',
}

/** Which reader a file of this (detected) MIME type goes to; undefined when none reads it. */
export const kindOfMime = (mime: string): DocumentKind | undefined => kindByMime[mime]
