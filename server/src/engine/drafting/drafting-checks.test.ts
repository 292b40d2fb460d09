import type { DraftingCode, DraftText } from '@patentdesk/contract/drafting'
import { describe, expect, it } from 'vitest'
import { draftingChecks } from './drafting-checks'

const check = (draft: Partial<DraftText>) =>
  draftingChecks({ title: '', abstract: '', description: '', claims: [], ...draft })
/** The issues of one code, as "claim: excerpt" (or the field's name outside the claims). */
const found = (code: DraftingCode, draft: Partial<DraftText>) =>
  check(draft)
    .filter((issue) => issue.code === code)
    .map((issue) => `${issue.claim ?? issue.field}: ${issue.excerpt ?? ''}`)

describe('draftingChecks', () => {
  it('raises nothing for a blank draft or blank fields', () => {
    expect(check({})).toEqual([])
    expect(check({ title: ' ', abstract: '\n', description: '  ', claims: ['', ' '] })).toEqual([])
  })

  describe('claim-numbering', () => {
    it('flags a number typed into a claim that differs from its position, with its offsets', () => {
      const claims = ['A tripod head comprising a lever.', '3. The tripod head of claim 1, in steel.']
      const [issue] = check({ claims }).filter((i) => i.code === 'claim-numbering')
      expect(issue).toMatchObject({
        severity: 'error',
        field: 'claims',
        claim: 2,
        excerpt: '3.',
        start: 0,
        end: 2,
        message:
          'Claim 2 starts with the number 3, but claims are numbered by their position, so this is claim 2. Remove the number, or move the text to claim 3.',
      })
    })

    it('only hints when the typed number is the claim’s own', () => {
      const [issue] = check({ claims: ['  1) A tripod head comprising a lever.'] })
      expect(issue).toMatchObject({ code: 'claim-numbering', severity: 'hint', excerpt: '1)', start: 2 })
    })

    it('flags an empty claim between others, not an empty box at the end', () => {
      expect(found('claim-numbering', { claims: ['A head.', ' ', 'The head of claim 1, red.', ''] })).toEqual(
        ['2: '],
      )
    })

    it('flags a first claim that depends on another, once', () => {
      const issues = check({ claims: ['The head of claim 2, red.', 'A tripod head.'] })
      expect(issues.filter((i) => i.code === 'claim-numbering').map((i) => i.excerpt)).toEqual(['claim 2'])
      expect(issues.filter((i) => i.code === 'claim-dependency')).toEqual([])
      expect(found('claim-numbering', { claims: ['The head of any preceding claim.'] })).toEqual([
        '1: any preceding claim',
      ])
    })

    it('accepts claims that merely start with a quantity', () => {
      expect(found('claim-numbering', { claims: ['2 levers joined by a pin.', '1.5 mm plates.'] })).toEqual(
        [],
      )
    })
  })

  describe('claim-dependency', () => {
    const three = (second: string) => [
      'A tripod head comprising a lever.',
      second,
      'The head of claim 1, red.',
    ]

    it('flags references to the claim itself, to a later claim and to a missing claim', () => {
      expect(found('claim-dependency', { claims: three('The head as claimed in claim 2, blue.') })).toEqual([
        '2: claim 2',
      ])
      expect(found('claim-dependency', { claims: three('The head according to claim 3, blue.') })).toEqual([
        '2: claim 3',
      ])
      expect(found('claim-dependency', { claims: three('The head of claim 1 or 9, blue.') })).toEqual([
        '2: claim 1 or 9',
      ])
    })

    it('says what is wrong with each part of a range', () => {
      const [issue] = check({ claims: three('The head of any one of claims 1 to 5, blue.') }).filter(
        (i) => i.code === 'claim-dependency',
      )
      expect(issue?.message).toBe(
        '"claims 1 to 5" in claim 2 refers to itself, to later claim 3 and to claims 4 to 5, which do not exist; a claim may refer only to claims before it.',
      )
      expect(issue?.start).toBe(three('The head of any one of claims 1 to 5, blue.')[1]?.indexOf('claims 1'))
    })

    it('accepts references to earlier claims in their usual forms', () => {
      const claims = [
        'A tripod head comprising a lever.',
        'The head as claimed in claim 1, blue.',
        'The head according to claim 1 or 2, red.',
        'The head of claims 1 to 3, green.',
        'The head of any preceding claim, grey.',
        'The head of claim 2, 3 mm wide.',
      ]
      expect(found('claim-dependency', { claims })).toEqual([])
    })
  })

  describe('antecedent-basis', () => {
    it('flags "said lever" with no "a lever" before, with the words to select', () => {
      const claims = [
        'A tripod head comprising a pendulum.',
        'The tripod head of claim 1, wherein said lever is steel.',
      ]
      const [issue] = check({ claims }).filter((i) => i.code === 'antecedent-basis')
      expect(issue).toMatchObject({
        severity: 'warning',
        claim: 2,
        excerpt: 'said lever',
        start: claims[1]?.indexOf('said lever'),
        end: (claims[1]?.indexOf('said lever') ?? 0) + 'said lever'.length,
        message: '"said lever" in claim 2 has no antecedent: introduce it first as "a lever".',
        rule: 'Patents Act 1977 s.14(5)(b)',
      })
    })

    it('accepts an element introduced in the claim or anywhere up its chain of dependencies', () => {
      const claims = [
        'A tripod head comprising a lever.',
        'The tripod head of claim 1, further comprising a clutch.',
        'The tripod head of claim 2, wherein the clutch engages the lever.',
      ]
      expect(found('antecedent-basis', { claims })).toEqual([])
    })

    it('does not take an element from a claim outside the chain', () => {
      const claims = [
        'A tripod head comprising a lever.',
        'The tripod head of claim 1, further comprising a clutch.',
        'The tripod head of claim 1, wherein the clutch is steel.',
      ]
      expect(found('antecedent-basis', { claims })).toEqual(['3: the clutch'])
    })

    it('ignores phrases that name no element, and properties of an element', () => {
      const claims = [
        'A method as known in the art, the thickness of the plate being the same as in the claim.',
      ]
      expect(found('antecedent-basis', { claims })).toEqual(['1: the plate'])
    })

    it('suggests a plural introduction for a plural element', () => {
      const [issue] = check({ claims: ['A head, wherein the wheels turn.'] })
      expect(issue?.message).toBe(
        '"the wheels" in claim 1 has no antecedent: introduce it first as "wheels" (or "a plurality of wheels").',
      )
    })
  })

  describe('vague-term', () => {
    it('flags each occurrence in the claims with its offsets, citing s.14(5)(b)', () => {
      const claim = 'A plate about 2 mm thick, preferably of steel, preferably polished.'
      const issues = check({ claims: [claim] }).filter((i) => i.code === 'vague-term')
      expect(issues.map((i) => [i.excerpt, i.start])).toEqual([
        ['about', claim.indexOf('about')],
        ['thick', claim.indexOf('thick')],
        ['preferably', claim.indexOf('preferably')],
        ['preferably', claim.lastIndexOf('preferably')],
      ])
      expect(issues[0]?.rule).toBe('Patents Act 1977 s.14(5)(b)')
      expect(new Set(issues.map((i) => i.id)).size).toBe(4)
    })

    it('leaves precise wording alone, and the abstract and description too', () => {
      expect(found('vague-term', { claims: ['A lever that pivots about an axis, 2 mm wide.'] })).toEqual([])
      expect(
        found('vague-term', {
          abstract: 'A substantially flat plate.',
          description: 'Preferably steel.',
          claims: ['A plate.'],
        }),
      ).toEqual([])
    })
  })

  describe('reference-to-description', () => {
    it.each([
      ['A head as described in the description.', 'as described in the description'],
      ['A head as shown in Figure 2.', 'as shown in Figure 2'],
      ['A head substantially as hereinbefore described.', 'substantially as hereinbefore described'],
      ['A head with reference to the accompanying drawings.', 'with reference to the accompanying drawings'],
      ['A head with a lever (see fig. 3).', 'see fig. 3'],
    ])('flags "%s"', (claim, excerpt) => {
      const issues = check({ claims: [claim] })
      expect(issues.filter((i) => i.code === 'reference-to-description').map((i) => i.excerpt)).toEqual([
        excerpt,
      ])
      // "substantially" here is part of the reference, not a second problem.
      expect(issues.filter((i) => i.code === 'vague-term')).toEqual([])
    })

    it('accepts reference signs and references to other claims', () => {
      expect(
        found('reference-to-description', {
          claims: ['A head (10) with a lever (12).', 'The head as defined in claim 1, with a drawing board.'],
        }),
      ).toEqual([])
    })
  })

  describe('unity', () => {
    it('hints once, on the first independent claim of a second category', () => {
      const claims = [
        'A tripod head comprising a lever.',
        'The tripod head of claim 1, wherein the lever is steel.',
        'A method of levelling a camera, comprising swinging a pendulum.',
        'The method of claim 3, further comprising locking the pendulum.',
        'A computer-implemented method for levelling.',
      ]
      const issues = check({ claims }).filter((i) => i.code === 'unity')
      expect(issues).toMatchObject([
        {
          severity: 'hint',
          claim: 3,
          message:
            'Claims 1 (product) and 3 (method) are independent claims of different categories; make sure they share a single inventive concept.',
          rule: 'Patents Act 1977 s.14(5)(d)',
        },
      ])
    })

    it('counts a use of an earlier claim’s product as a category of its own', () => {
      const claims = ['A composition comprising a salt.', 'Use of the composition of claim 1 as a de-icer.']
      expect(check({ claims }).find((i) => i.code === 'unity')?.message).toMatch(
        /^Claims 1 \(product\) and 2 \(use\)/,
      )
    })

    it('is quiet for claims of one category', () => {
      const claims = ['A tripod head comprising a lever.', 'A process chamber comprising a valve.']
      expect(found('unity', { claims })).toEqual([])
    })
  })

  describe('abstract-length', () => {
    it('flags an abstract over 150 words and says how many', () => {
      const abstract = `A tripod head. ${'word '.repeat(147)}`
      expect(found('abstract-length', { abstract })).toEqual([])
      const [issue] = check({ abstract: `${abstract} more` }).filter((i) => i.code === 'abstract-length')
      expect(issue?.message).toBe(
        'The abstract has 151 words; it should be a concise summary of at most 150 words.',
      )
    })
  })

  describe('abstract-subject', () => {
    it('hints when the first sentence shares no word with the title, selecting the sentence', () => {
      const abstract = 'A camera support that levels itself. It has a pendulum.'
      const [issue] = check({ title: 'Self-levelling tripod head', abstract })
      expect(issue).toMatchObject({
        code: 'abstract-subject',
        severity: 'hint',
        excerpt: 'A camera support that levels itself.',
        start: 0,
      })
    })

    it('accepts a first sentence naming the title’s subject in any number', () => {
      const abstract = 'Tripod heads that level themselves. They have pendulums.'
      expect(found('abstract-subject', { title: 'Self-levelling tripod head', abstract })).toEqual([])
    })

    it('waits for the first sentence to be finished', () => {
      expect(found('abstract-subject', { title: 'Tripod head', abstract: 'A camera support that' })).toEqual(
        [],
      )
    })
  })

  describe('abstract-merit', () => {
    it('flags each statement of merit with its offsets', () => {
      const abstract = 'A revolutionary tripod head, the best and cheaper than any other; the world’s first.'
      expect(found('abstract-merit', { abstract })).toEqual([
        'abstract: revolutionary',
        'abstract: the best',
        'abstract: cheaper than any',
        'abstract: world’s first',
      ])
    })

    it('accepts technical wording', () => {
      const abstract =
        'A tripod head storing a unique identifier for the camera; it is lighter than steel heads.'
      expect(found('abstract-merit', { abstract })).toEqual([])
    })
  })

  describe('description-support', () => {
    const description =
      'A tripod head carries levers and a pendulum. The pendulum swings freely below the head.'

    it('flags an element whose head word the description never uses, on the claim that introduces it', () => {
      const claims = [
        'A tripod head comprising a lever and a pendulum.',
        'The tripod head of claim 1, further comprising a damping member mounted below the pendulum.',
        'The tripod head of claim 2, wherein a damping member is rubber.',
      ]
      const issues = check({ description, claims }).filter((i) => i.code === 'description-support')
      expect(issues).toMatchObject([
        {
          claim: 2,
          excerpt: 'damping member',
          start: claims[1]?.indexOf('damping member'),
          message:
            '"damping member" in claim 2 is not mentioned in the description; describe it there, or use the description\'s own term in the claim.',
          rule: 'Patents Act 1977 s.14(5)(c)',
        },
      ])
    })

    it('accepts elements the description names in another number, and waits for a description', () => {
      const claims = [
        'A tripod head comprising a lever, a pendulum hanging below the head and a plurality of heads.',
      ]
      expect(found('description-support', { description, claims })).toEqual([])
      expect(found('description-support', { claims: ['A damping member.'] })).toEqual([])
    })

    it('reads past an irregular participle to the element ("a pendulum hung from" is a pendulum)', () => {
      const claims = ['A tripod head comprising a pendulum hung from the head and a cord wound round it.']
      expect(found('description-support', { description, claims })).toEqual(['1: cord'])
    })
  })

  describe('title-length, title-puffery and title-trade-mark', () => {
    it('hints at a long title, laudatory words and trade marks', () => {
      const title = 'Improved tripod head LEVELLO and Pendo™ for a new camera'
      expect(check({ title }).map((issue) => `${issue.code}: ${issue.excerpt}`)).toEqual([
        'title-puffery: Improved',
        'title-trade-mark: LEVELLO',
        'title-trade-mark: Pendo™',
        'title-puffery: new',
      ])
      const long = 'Tripod head with a pendulum, a clutch, a lever, a spring, a plate, a pin and a screw'
      expect(check({ title: long })).toMatchObject([
        { code: 'title-length', excerpt: null, message: expect.stringContaining('The title has 18 words') },
      ])
    })

    it('accepts a short plain title, a title in capitals and any spelling', () => {
      expect(check({ title: 'Self-levelling colour tripod head' })).toEqual([])
      expect(check({ title: 'SELF-LEVELING COLOR TRIPOD HEAD' })).toEqual([])
    })
  })

  it('orders issues by field, claim and offset, with ids that stay while the problem stays', () => {
    const first = 'A tripod head with a clutch, wherein said pawl is thin.'
    const second = '3. The head of claim 1, preferably red.'
    const draft = {
      title: 'New tripod head',
      abstract: 'A superior tripod head.',
      description: 'A tripod head with a lever.',
      claims: [first, second],
    }
    const issues = check(draft)
    expect(issues.map((i) => [i.code, i.claim, i.start])).toEqual([
      ['title-puffery', null, 0],
      ['abstract-merit', null, 2],
      ['description-support', 1, first.indexOf('clutch')],
      ['antecedent-basis', 1, first.indexOf('said pawl')],
      ['vague-term', 1, first.indexOf('thin')],
      ['claim-numbering', 2, 0],
      ['vague-term', 2, second.indexOf('preferably')],
    ])
    expect(issues.find((i) => i.code === 'antecedent-basis')?.id).toBe(
      'antecedent-basis:claims:1:said pawl:0',
    )
    const edited = check({ ...draft, claims: [`Further text. ${first}`, second] })
    expect(edited.map((i) => i.id)).toEqual(issues.map((i) => i.id))
  })
})
