const numberFormat = new Intl.NumberFormat('en-GB')

/** A count as the coverage line writes it: 47,046. */
export const documentCount = (n: number) => numberFormat.format(n)
