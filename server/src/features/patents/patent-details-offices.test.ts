import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { PatentDetail } from '@patentdesk/contract/patents'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { buildTestApp } from '~/test/test-app'
import { importPatents } from './importer'

const t = await buildTestApp()
const log = pino({ level: 'silent' })
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'patentdesk-details-'))
const fixture = (...parts: string[]) => path.join(import.meta.dirname, 'fixtures', ...parts)

/** Imports the text as a file, the way an operator would. */
async function importText(name: string, text: string) {
  const file = path.join(folder, name)
  fs.writeFileSync(file, text)
  const summary = await importPatents(t.database, file, { log })
  expect(summary.failed, JSON.stringify(summary.errors)).toBe(0)
}

// Two EP documents as published, a US patent (JSON Lines) citing the application, and DOCDB records
// putting that US patent and the EP application in one family, as the EPO's DOCDB would.
await importText('ep-a1.xml', fs.readFileSync(fixture('epo', 'v1-5-A1.xml'), 'utf8'))
await importText('ep-a2.xml', fs.readFileSync(fixture('epo', 'v1-4-A2.xml'), 'utf8'))
await importText(
  'us.jsonl',
  `${JSON.stringify({
    reference: 'US11000001B2',
    country: 'US',
    docNumber: '11000001',
    kind: 'B2',
    documentType: 'grant',
    title: 'Display over a storage box in a vehicle',
    publicationDate: '2021-05-11',
    citations: ['EP3782854A1', 'US5000001A'],
    source: 'test',
  })}\n`,
)
await importText(
  'docdb.xml',
  ['EP 3782854 A1 20210224', 'US 11000001 B2 20210511']
    .map((line) => line.split(' '))
    .map(
      ([country, number, kind, date]) =>
        `<exch:exchange-document country="${country}" doc-number="${number}" kind="${kind}" family-id="65432100" date-publ="${date}">
        <exch:bibliographic-data><exch:invention-title lang="en">Title</exch:invention-title></exch:bibliographic-data>
        </exch:exchange-document>`,
    )
    .join('\n'),
)

const details = async (reference: string) => {
  const response = await t.request('GET', `/api/public/patents/details/${reference}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as PatentDetail
}

describe("an office's record on Patent Details", () => {
  it('shows the English texts searched, the other languages beside them, and the publication language', async () => {
    const a1 = await details('EP3782854A1')
    expect(a1).toMatchObject({ language: 'en', title: 'VEHICLE-MOUNTED DISPLAY ASSEMBLY AND VEHICLE' })
    expect(a1.claims).toHaveLength(12)
    expect(a1.otherTexts.map((o) => o.lang)).toEqual(['de', 'fr'])

    const german = await details('EP2136607A2')
    expect(german).toMatchObject({ language: 'de', claims: [], abstract: null })
    expect(german.otherTexts.find((o) => o.lang === 'de')?.claims).toHaveLength(15)
  })

  it('links the members of a DOCDB family both ways, and fills in who cites whom', async () => {
    const a1 = await details('EP3782854A1')
    expect(a1.family).toContainEqual({
      reference: 'US11000001B2',
      type: 'family member',
      date: '2021-05-11',
      held: true,
    })
    expect(a1.family).toContainEqual({
      reference: 'CN201810358967',
      type: 'priority',
      date: '2018-04-20',
      held: false,
    })
    expect(a1.citedBy).toEqual({
      total: 1,
      patents: [
        {
          reference: 'US11000001B2',
          title: 'Display over a storage box in a vehicle',
          publicationDate: '2021-05-11',
        },
      ],
    })

    const us = await details('US11000001')
    expect(us.family).toContainEqual({
      reference: 'EP3782854A1',
      type: 'family member',
      date: '2021-02-24',
      held: true,
    })
    expect(us.citations).toEqual([
      {
        reference: 'EP3782854A1',
        text: 'EP3782854A1',
        category: null,
        claims: null,
        passage: null,
        phase: null,
        held: true,
      },
      {
        reference: 'US5000001A',
        text: 'US5000001A',
        category: null,
        claims: null,
        passage: null,
        phase: null,
        held: false,
      },
    ])
    expect(us.citedBy).toEqual({ total: 0, patents: [] })
  })
})
