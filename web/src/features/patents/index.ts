/** What other features may use of the patents feature: how a patent's date, text and link are written. */
export { MarkedText } from './marked-text'
export { cutText, formatPatentDate, googlePatentsUrl, highlightTerms } from './patent-format'
