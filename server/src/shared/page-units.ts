/**
 * The page measures the PDF and Word documents the server writes share: A4, PDF points, and Word's twips
 * (twentieths of a point) and half-point font sizes.
 */
export const mmToPt = (mm: number) => (mm * 72) / 25.4
export const mmToTwip = (mm: number) => Math.round((mm * 1440) / 25.4)
export const halfPoints = (pt: number) => pt * 2
/** A4 in twips, portrait. */
export const A4_TWIPS = { width: 11906, height: 16838 }
/** Times New Roman: the serif every copy of Word has, with the Greek and mathematical signs patents use. */
export const WORD_FONT = 'Times New Roman'
