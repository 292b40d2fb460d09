import { referenceKey } from '@patentdesk/contract/patent-references'

/**
 * Which patents of the index are one family, for `dups=family`: those of one number (EP1234567A1 and its
 * B1), of one DOCDB family, or that name one another or a common relative (a priority, a parent, a PCT
 * application) in their family lists: the records the analysis takes for one invention. Each document's
 * family is named by its first document (union-find over the keys met, as documents are added in order).
 */
export class FamiliesBuilder {
  private readonly firstWith = new Map<string, number>()
  private readonly parent: number[] = []

  /** Adds the next document with its reference, its DOCDB family number and its family's references. */
  add(reference: string, familyId: string | null, relatives: string[]) {
    const doc = this.parent.length
    this.parent.push(doc)
    const keys = [reference, ...relatives].map((r) => `r:${referenceKey(r)}`)
    if (familyId) keys.push(`f:${familyId}`)
    for (const key of keys) {
      const other = this.firstWith.get(key)
      if (other === undefined) this.firstWith.set(key, doc)
      else this.join(other, doc)
    }
  }

  /** Each document's family: the smallest document id of its family. */
  build() {
    return Uint32Array.from(this.parent, (_, doc) => this.root(doc))
  }

  private root(doc: number) {
    let root = doc
    while (this.parent[root] !== root) root = this.parent[root] as number
    // Path compression: later lookups take one step.
    while (this.parent[doc] !== root) {
      const next = this.parent[doc] as number
      this.parent[doc] = root
      doc = next
    }
    return root
  }

  private join(a: number, b: number) {
    const [ra, rb] = [this.root(a), this.root(b)]
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb)
  }
}
