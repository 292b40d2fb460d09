/** `1 session`, `3 sessions`, `1,200 patents`: a count with its noun, agreed. */
export const plural = (n: number, noun: string) => `${n.toLocaleString('en-GB')} ${noun}${n === 1 ? '' : 's'}`
