/** The package's data: British spellings to American (`us_spelling`) and back (`uk_spelling`). */
declare module 'american-english' {
  const spelling: { us_spelling: Record<string, string>; uk_spelling: Record<string, string> }
  export default spelling
}
