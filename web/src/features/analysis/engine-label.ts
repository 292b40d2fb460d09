const llmPrefix = 'llm:'

/** 'offline', or 'llm:<model>' when a language model refined the text. */
export function describeEngine(engine: string) {
  if (!engine.startsWith(llmPrefix)) return 'Analysed by the offline engine against the patent corpus'
  return `Analysed offline, refined by the language model ${engine.slice(llmPrefix.length)}`
}
