/**
 * Patent references as people write them. Google Patents and Espacenet show a kind code
 * (`US9449495B1`), printed documents group the digits (`US 9,449,495 B1`), and most records of the
 * corpus are stored without one (`US9449495`): all name one patent, so every lookup goes through its key.
 */

/** `US 9,449,495 B1` → `US9449495B1`: upper case, without the spaces and digit-group commas people add. */
export function compactReference(text: string) {
  return text.toUpperCase().replace(/[\s,]+/g, '')
}

/**
 * The key one patent has however its reference is written: letters and digits only, without a trailing
 * kind code (`US9449495B1`, `us 9,449,495` → `US9449495`; `WO98/47522A` → `WO9847522`; `USRE49258E1`
 * → `USRE49258`). The database derives the same key from each stored reference (`patents.reference_key`,
 * the same two patterns), so a lookup by key finds a record whichever form it was stored in.
 */
export function referenceKey(text: string) {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '')
    .replace(/^([A-Z]{2,4}[0-9]+)[A-Z][0-9]?$/, '$1')
}

/**
 * The references of a comma-separated list (`?refs=`), compacted: a comma followed by exactly three
 * digits groups the digits of one number (`US 9,449,495 B1`); any other comma separates two references.
 */
export function splitReferences(list: string) {
  return list
    .split(/,(?![0-9]{3}(?![0-9]))/)
    .map(compactReference)
    .filter(Boolean)
}
