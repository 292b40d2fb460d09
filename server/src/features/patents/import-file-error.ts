/** A file the importer refuses whole: the message says what is wrong and what it reads. */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError'
}
