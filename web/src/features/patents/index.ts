/** What other features may use of the patents feature: how a patent's date, text and link are written. */
export { cutText, formatPatentDate, googlePatentsUrl } from './patent-format'
