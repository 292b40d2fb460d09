/** The longest a summary's sentence may name the invention in a document before it is cut. */
const nameMax = 200

/**
 * What a downloaded document names the invention: the title given, else the summary's first sentence (a
 * result carries no title of its own).
 */
export function inventionName(summary: string, title?: string) {
  if (title) return title
  const [sentence = summary] = summary.split(/(?<=\.)\s/, 1)
  return sentence.length > nameMax ? `${sentence.slice(0, nameMax).trimEnd()}…` : sentence
}
