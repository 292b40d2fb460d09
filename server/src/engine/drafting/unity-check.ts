import { claimParents, words } from '../analysis/text'
import { type Claim, LEADING_NUMBER } from './claim-checks'
import { type Finding, finding, isBlank } from './finding'

type Category = 'product' | 'method' | 'use'
/** Words that end a claim's preamble ("A method of …", "The device according to …"). */
const PREAMBLE_END =
  /^(?:for|of|comprising|comprises|including|includes|according|as|in|wherein|which|that|having|to|by|with|characterised|characterized|consisting)$/

/** The claim's category, from its preamble: "Use of …", "A … method/process …", otherwise a product. */
function categoryOf(claim: string): Category {
  const body = claim.slice(LEADING_NUMBER.exec(claim)?.[0].length ?? 0, 300)
  const preamble = words(body.split(/[,;:.(]/)[0] ?? '')
  const end = preamble.findIndex((word) => PREAMBLE_END.test(word))
  const head = end < 0 ? preamble : preamble.slice(0, end)
  if (head[0] === 'use' || (/^(?:a|an|the)$/.test(head[0] ?? '') && head[1] === 'use')) return 'use'
  return /^(?:method|process)$/.test(head.at(-1) ?? '') ? 'method' : 'product'
}

/**
 * Independent claims of more than one category. A claim that refers to a claim of another category
 * ("Use of the composition of claim 1") is an independent claim of its own category.
 */
export function unityCheck(claims: Claim[]): Finding[] {
  const parents = claimParents(claims.map((claim) => claim.text))
  const categories = claims.map((claim) => (isBlank(claim.text) ? null : categoryOf(claim.text)))
  const firstOfCategory = new Map<Category, number>()
  claims.forEach(({ number, references }, index) => {
    const category = categories[index]
    const parent = parents[index]?.[0]
    const independent =
      references.length === 0 || (parent !== undefined && categories[parent - 1] !== category)
    if (category && independent && !firstOfCategory.has(category)) firstOfCategory.set(category, number)
  })
  const heads = [...firstOfCategory].map(([category, number]) => `${number} (${category})`)
  const second = [...firstOfCategory.values()][1]
  if (second === undefined) return []
  const listed = `${heads.slice(0, -1).join(', ')} and ${heads.at(-1)}`
  return [
    finding({
      code: 'unity',
      field: 'claims',
      claim: second,
      message: `Claims ${listed} are independent claims of different categories; make sure they share a single inventive concept.`,
    }),
  ]
}
