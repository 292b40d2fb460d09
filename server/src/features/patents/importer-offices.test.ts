import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'
import { eq, inArray, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { ZipFile } from 'yazl'
import { patents } from '~/db/schema'
import { createTestDatabase } from '~/test/test-database'
import { importPatents } from './importer'

const database = await createTestDatabase()
afterAll(() => database.close())
const log = pino({ level: 'silent' })
const fixtures = path.join(import.meta.dirname, 'fixtures')
const epo = (name: string) => fs.readFileSync(path.join(fixtures, 'epo', name), 'utf8')
const docdb = (name: string) => fs.readFileSync(path.join(fixtures, 'docdb', name), 'utf8')

/** A file of the given text under a temporary folder; named as users name theirs, not as the importer needs. */
function file(name: string, text: string | Buffer) {
  const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-offices-')), name)
  fs.writeFileSync(target, text)
  return target
}
const stored = async (references: string[]) =>
  database.db.select().from(patents).where(inArray(patents.reference, references)).orderBy(patents.reference)

describe('EPO publication-server XML', () => {
  it('reads an English application: numbers, dates, parties, classes, numbered paragraphs, claims', async () => {
    const summary = await importPatents(database, file('EP3782854A1.xml', epo('v1-5-A1.xml')), { log })
    expect(summary).toMatchObject({ format: 'ep-xml', read: 1, written: 1, failed: 0 })
    const [a1] = await stored(['EP3782854A1'])
    expect(a1).toMatchObject({
      country: 'EP',
      docNumber: '3782854',
      kind: 'A1',
      documentType: 'application',
      status: 'published-application',
      title: 'VEHICLE-MOUNTED DISPLAY ASSEMBLY AND VEHICLE',
      applicationNumber: '18877305.5',
      filingDate: '2018-10-29',
      publicationDate: '2021-02-24',
      priorityDate: '2018-04-20',
      grantDate: null,
      applicants: ['BOE TECHNOLOGY GROUP CO., LTD.', 'Chengdu BOE Optoelectronics Technology Co., Ltd.'],
      applicantCountry: 'CN',
      inventors: ['FENG, Yuhsiung', 'GAO, Wenbao', 'ZENG, Jia'],
      ipc: ['B60R7/06', 'B60N3/12'],
      language: 'en',
      source: 'EPO',
      family: [
        { reference: 'CN201810358967', type: 'priority', date: '2018-04-20' },
        { reference: 'PCT/CN2018112487', type: 'pct-filing', date: '2018-10-29' },
        { reference: 'WO2019200885', type: 'pct-publication', date: '2019-10-24' },
      ],
    })
    expect(a1?.designatedStates).toContain('GB')
    expect(a1?.abstract).toMatch(/^This disclosure relates to a vehicular display assembly/)
    // The publication's paragraph numbers stay, so that a claim chart cites "description ¶2".
    expect(a1?.description).toMatch(/^\[0001\] This application claims the priority/)
    expect(a1?.description).toContain('\n\nField\n\n[0002] This disclosure relates to the field of display')
    expect(a1?.claims).toHaveLength(12)
    expect(a1?.claims[0]).toMatch(/^A vehicular display assembly, comprising/)
    expect(a1?.otherTexts.map((t) => [t.lang, t.title])).toEqual([
      ['de', 'FAHRZEUGMONTIERTE ANZEIGEANORDNUNG UND FAHRZEUG'],
      ['fr', "ENSEMBLE D'AFFICHAGE MONTÉ SUR VÉHICULE ET VÉHICULE"],
    ])
  })

  it('keeps the claims of every language of a grant, English ones searched, and its printed citations', async () => {
    await importPatents(database, file('grant.xml', epo('v1-5-B1.xml')), { log })
    const [b1] = await stored(['EP3404678B1'])
    expect(b1).toMatchObject({ documentType: 'grant', status: 'granted', grantDate: '2021-06-30' })
    expect(b1?.claims).toHaveLength(12)
    expect(b1?.otherTexts.map((t) => [t.lang, t.claims.length])).toEqual([
      ['de', 12],
      ['fr', 12],
    ])
    // Printed `US-A1- 2008 197 955`: the USPTO numbers that publication 2008/0197955, as the corpus stores it.
    expect(b1?.citations).toEqual(['EP3109871A1', 'FR84247E', 'GB693448A', 'US20080197955A1'])
    expect(b1?.citationDetails[0]).toEqual({
      reference: 'EP3109871A1',
      text: 'EP3109871A1',
      category: null,
      claims: null,
      passage: null,
      phase: 'examination',
    })
  })

  it('keeps a German document whole for display and searches what it has in English', async () => {
    await importPatents(database, file('de.xml', `${epo('v1-4-A2.xml')}\n${epo('v1-5-B2.xml')}`), { log })
    const [a2, b2] = await stored(['EP2136607A2', 'EP2743087B2'])
    expect(a2).toMatchObject({ language: 'de', title: 'Method for operating a battery powered torch' })
    expect(a2?.abstract).toBeNull()
    expect(a2?.claims).toEqual([])
    const german = a2?.otherTexts.find((t) => t.lang === 'de')
    expect(german?.claims).toHaveLength(15)
    expect(german?.abstract).toMatch(/Akku/)
    expect(german?.description).toMatch(/^\[0001\] /)
    // A German patent amended after opposition published its claims in English too: those are searched.
    expect(b2).toMatchObject({ language: 'de', status: 'granted (amended after opposition)' })
    expect(b2?.claims.length).toBe(13)
    expect(b2?.claims[0]).toMatch(/^[A-Z]/)
    expect(b2?.description).toBeNull()
  })

  it("reads a search report's citations with their categories, claims and passages", async () => {
    // The fixtures' search reports are page images; this one is written as the DTD (ep-patent-document
    // v1.5, srep-citations) gives them, into a real document.
    const report = `<search-report-data id="srep" lang="en" srep-office="EP"><srep-for-pub><srep-fields-searched/>
      <srep-citations>
        <citation id="sr-cit0001"><patcit id="sr-pcit0001" dnum="US6089831A"><document-id><country>US</country>
          <doc-number>6089831</doc-number><kind>A</kind></document-id></patcit>
          <rel-passage><passage>column 3, line 66 - column 6, line 35; figure 2</passage></rel-passage>
          <category>X</category><rel-claims>1,4,8</rel-claims><category>Y</category><rel-claims>2, 3</rel-claims></citation>
        <citation id="sr-cit0002"><nplcit id="sr-ncit0001"><text>SMITH: "Folding displays", 2017</text></nplcit>
          <category>A</category><rel-claims>1-12</rel-claims></citation>
      </srep-citations></srep-for-pub></search-report-data>`
    const xml = epo('v1-5-A1.xml').replace(/<search-report-data[\s\S]*?<\/search-report-data>/, report)
    await importPatents(database, file('with-report.xml', xml), { log })
    const [a1] = await stored(['EP3782854A1'])
    expect(a1?.citationDetails.filter((c) => c.phase === 'search')).toEqual([
      {
        reference: 'US6089831A',
        text: 'US6089831A',
        category: 'XY',
        claims: 'X: 1,4,8; Y: 2, 3',
        passage: 'column 3, line 66 - column 6, line 35; figure 2',
        phase: 'search',
      },
      {
        reference: null,
        text: 'SMITH: "Folding displays", 2017',
        category: 'A',
        claims: '1-12',
        passage: null,
        phase: 'search',
      },
    ])
    expect(a1?.citations).toContain('US6089831A')
  })

  it('refuses a document that is not well-formed, by its line and number, and writes the others', async () => {
    const text = `${epo('v1-5-1-A1-2.xml')}\n${epo('v1-5-A1.xml')}`
    const summary = await importPatents(database, file('two.xml.gz', zlib.gzipSync(text)), { log })
    expect(summary).toMatchObject({ format: 'ep-xml', read: 2, written: 1, failed: 1 })
    expect(summary.errors).toEqual([
      {
        line: 2,
        reference: '3889521',
        message:
          "not well-formed XML at line 307, column 36 of the document: boolean attribute 'Embodiment</heading' is not allowed.",
      },
    ])
    expect(await stored(['EP3889521A1'])).toEqual([])
  })
})

describe('DOCDB bibliographic XML', () => {
  it('writes each record of an exchange file, with its family number and search citations', async () => {
    const summary = await importPatents(database, file('docdb.xml', docdb('DE-backfile.xml')), { log })
    expect(summary).toMatchObject({ format: 'docdb-xml', read: 10, written: 10, failed: 0 })
    const [first] = await stored(['DE1258188B'])
    expect(first).toMatchObject({
      title: 'Kraftstoffeinspritzpumpe fuer mehrzylindrige Brennkraftmaschinen',
      familyId: '6979546',
      documentType: 'grant',
      publicationDate: '1968-01-04',
      filingDate: '1964-07-10',
      applicants: ['ROBERT BOSCH G.M.B.H.'],
      source: 'DOCDB',
    })
    expect(first?.citations).toContain('DE814968C')
    expect(first?.citationDetails[0]).toMatchObject({ reference: 'DE814968C', phase: 'search' })
  })

  it('reads categories given per claim and the English title and abstract of a PCT publication', async () => {
    await importPatents(database, file('wo.xml', docdb('WO-2023012807-A1_507242069.xml')), { log })
    const [wo] = await stored(['WO2023012807A1'])
    expect(wo).toMatchObject({
      title: 'METHOD FOR HUMANIZING ANTIBODIES',
      familyId: '83004620',
      language: 'en',
    })
    expect(wo?.abstract).toMatch(/^Provided herein is a method for obtaining a humanized antibody/)
    expect(wo?.otherTexts.map((t) => t.lang)).toEqual(['fr'])
    expect(wo?.citationDetails[0]).toMatchObject({
      reference: null,
      category: 'XY',
      claims: 'X: 1-4,7-9; Y: 5,6',
      phase: 'search',
    })
    expect(wo?.citationDetails[0]?.text).toMatch(/^CHIN MARK ET AL: "Humanization of antibodies/)
  })

  it('completes the record it names, by reference or by key, and never replaces its texts', async () => {
    await importPatents(database, file('ep.xml', epo('v1-5-A1.xml')), { log })
    const full = (await stored(['EP3782854A1']))[0]
    // A DOCDB record of the same publication, and one of a patent stored without its kind code.
    await database.db.execute(sql`insert into patents (reference, country, doc_number, document_type, title, source)
      values ('US5000001', 'US', '5000001', 'grant', 'Stored title', 'test') on conflict do nothing`)
    const records = [
      [
        'EP',
        '3782854',
        'A1',
        'A different title',
        '777',
        '<patcit><document-id><country>US</country><doc-number>5000001</doc-number><kind>A</kind></document-id></patcit>',
      ],
      ['US', '5000001', 'A', 'Title from DOCDB', '777', ''],
    ].map(
      ([country, number, kind, title, family, cited]) =>
        `<exch:exchange-document country="${country}" doc-number="${number}" kind="${kind}" family-id="${family}" date-publ="19910319">
          <exch:bibliographic-data><exch:invention-title lang="en">${title}</exch:invention-title>
          <exch:references-cited><exch:citation cited-phase="EXA">${cited}</exch:citation></exch:references-cited>
          </exch:bibliographic-data></exch:exchange-document>`,
    )
    const summary = await importPatents(
      database,
      file('family.xml', `<exch:exchange-documents>${records.join('\n')}</exch:exchange-documents>`),
      { log },
    )
    expect(summary).toMatchObject({ read: 2, written: 2, failed: 0 })
    const [ep, us] = await stored(['EP3782854A1', 'US5000001'])
    expect(ep).toMatchObject({ title: full?.title, claims: full?.claims, familyId: '777', source: 'EPO' })
    expect(ep?.citations.toSorted()).toEqual([...(full?.citations ?? []), 'US5000001A'].sort())
    expect(us).toMatchObject({
      title: 'Stored title',
      familyId: '777',
      kind: 'A',
      publicationDate: '1991-03-19',
    })
    expect(await database.db.$count(patents, eq(patents.referenceKey, 'US5000001'))).toBe(1)
    // The office's file imported again replaces the record, and keeps the family DOCDB gave it.
    await importPatents(database, file('ep-again.xml', epo('v1-5-A1.xml')), { log })
    expect((await stored(['EP3782854A1']))[0]?.familyId).toBe('777')
  })
})

describe("the USPTO's weekly ZIP", () => {
  const grants = fs.readFileSync(path.join(fixtures, 'uspto-grants.xml'))
  const zipOf = async (name: string, entries: [string, Buffer][]) => {
    const zip = new ZipFile()
    for (const [entry, content] of entries) zip.addBuffer(content, entry)
    zip.end()
    const target = file(name, '')
    await pipeline(zip.outputStream, fs.createWriteStream(target))
    return target
  }

  it('imports the XML file it holds as published, without unpacking it', async () => {
    const summary = await importPatents(database, await zipOf('ipg180619.zip', [['ipg180619.xml', grants]]), {
      log,
    })
    expect(summary).toMatchObject({ format: 'uspto-xml', read: 3, written: 2, failed: 1 })
    expect((await stored(['US9999991B2']))[0]?.title).toBe(
      'Self-levelling tripod head with pendulum & clutch',
    )
  })

  it('refuses an archive of several files whole, writing nothing', async () => {
    const two = await zipOf('ipg180626.zip', [
      ['ipg180626.xml', grants],
      ['ipg180626-2.xml', grants],
    ])
    const before = await database.db.$count(patents)
    await expect(importPatents(database, two, { log })).rejects.toThrow(
      'ipg180626.zip holds 2 files (ipg180626.xml, ipg180626-2.xml); a USPTO weekly archive',
    )
    expect(await database.db.$count(patents)).toBe(before)
  })
})

describe('any file', () => {
  it('refuses a file of no format it reads, saying which it reads', async () => {
    await expect(importPatents(database, file('notes.txt', 'Dear examiner,\n'), { log })).rejects.toThrow(
      /notes\.txt is not a file the importer reads: it takes JSON Lines in the corpus shape; USPTO full-text XML/,
    )
  })

  it('names a path that is no file', async () => {
    await expect(
      importPatents(database, path.join(os.tmpdir(), 'no-such-file.xml'), { log }),
    ).rejects.toThrow(/no-such-file\.xml is not a file that can be read here: check its path/)
  })

  it('names a document cut off by the end of the file', async () => {
    const cut = epo('v1-5-A1.xml').slice(0, 3000)
    const summary = await importPatents(database, file('cut.xml', cut), { log })
    expect(summary).toMatchObject({ read: 1, written: 0, failed: 1 })
    expect(summary.errors[0]).toMatchObject({
      line: 4,
      message: 'the file ends inside this document (no closing tag)',
    })
  })
})
