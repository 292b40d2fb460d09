/** What other features may use of the corpus feature: the coverage line the search and analysis pages show. */
export { CoverageLine } from './coverage-line'
