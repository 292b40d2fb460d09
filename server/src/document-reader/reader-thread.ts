import { readDocument } from './read-document'

/** The document reader's threads run this (Piscina calls a module's default export). */
export default readDocument
