/** Text made safe inside HTML, in an element or a quoted attribute: the five characters that could end either. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** One line of text from outside, for a mail's subject or a heading: control characters and line breaks as spaces. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
export const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()
