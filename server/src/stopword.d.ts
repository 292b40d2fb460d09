/** The part of stopword 3 the prior-art index uses (the package ships no types). */
declare module 'stopword' {
  /** English stopwords, lower case. */
  export const eng: string[]
}
