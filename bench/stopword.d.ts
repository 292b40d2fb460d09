/** The part of stopword 3 the benchmarks use (the package ships no types). */
declare module 'stopword' {
  /** English stopwords, lower case. */
  export const eng: string[]
}
