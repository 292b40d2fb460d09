/**
 * Hostile inputs for the fuzz test (server/src/fuzz.test.ts): values for any field, whole JSON bodies,
 * path segments, query shapes and broken multipart forms. Each has a `kind` that names it in a report.
 */
import { multipartBody, pdfWithText } from './files'
import {
  corruptPdf,
  docxBomb,
  garbageJpeg,
  hugePng,
  jpegWithGarbageData,
  truncatedPng,
} from './hostile-files'

/** A value as JSON text (what a body carries) and as plain text (what a path or query carries). */
export type Hostile = { kind: string; json: string; text: string }

const hostile = (kind: string, value: unknown, json = JSON.stringify(value)): Hostile => ({
  kind,
  json,
  text: typeof value === 'string' ? value : json,
})

/** Nesting far past any call stack: JSON.stringify would overflow on it, so it is written as text. */
const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)

export const hostileValues: Hostile[] = [
  hostile('2**31', 2 ** 31),
  hostile('2**53', 2 ** 53),
  hostile('-1', -1),
  hostile('fraction', 1.5),
  hostile('1e308', 1e308),
  hostile('1e999, Infinity once parsed', undefined, '1e999'),
  hostile('NaN text', 'NaN'),
  hostile('hex text', '0x10'),
  hostile('400 digits', '9'.repeat(400)),
  hostile('NUL', 'a\u0000b'),
  hostile('control characters', '\u0007\u001b[2J\b'),
  hostile('lone surrogate', '\ud800x'),
  hostile('100,000 characters', 'x'.repeat(100_000)),
  hostile('empty', ''),
  hostile('object', { a: 1 }),
  hostile('array', ['a', 1]),
  hostile('true', true),
  hostile('null', null),
  hostile('nested arrays', [[[['x']]]]),
  hostile('20,000 items', Array(20_000).fill('x')),
  hostile('2024-02-30', '2024-02-30'),
  hostile('2024-13-01', '2024-13-01'),
  hostile('not-a-date', 'not-a-date'),
  hostile('SQL quote', "x' or '1'='1"),
  hostile('path traversal', '../../etc/passwd'),
  hostile('__proto__ key', JSON.parse('{"__proto__":{"isAdmin":true}}')),
  hostile('constructor key', { constructor: { prototype: { isAdmin: true } } }),
  hostile('deep nesting', undefined, deep(50_000)),
]

/** Text for a URL; a lone surrogate, which encodeURIComponent refuses, becomes U+FFFD as a browser sends it. */
export const encodeText = (text: string) => encodeURIComponent(text.replace(/\p{Cs}/gu, '\ufffd'))

/**
 * Path segments sent as they are: bad percent-escapes, bytes that are not UTF-8 (a surrogate, 0xFF), dot
 * segments, an encoded slash.
 */
export const rawPathSegments = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%FF',
  '..',
  '%2e%2e',
  'a%2Fb',
  '%20',
  '1%3B2',
  '+1',
  '1.0',
  '01',
]

/** Ways to send a query field that are not one plain value (`field` is the field's name, URL-encoded). */
export const queryShapes = (field: string) => [
  { kind: 'repeated', query: `${field}=a&${field}=b` },
  { kind: 'bracket object', query: `${field}[a]=1` },
  { kind: 'bracket __proto__', query: `${field}[__proto__]=1&__proto__[${field}]=1` },
  { kind: 'prototype keys beside it', query: `${field}=1&__proto__=1&constructor=1` },
  { kind: 'bare key', query: field },
  { kind: 'raw NUL', query: `${field}=%00` },
  { kind: 'broken escape', query: `${field}=%E0%A4%A` },
  { kind: 'not UTF-8', query: `${field}=%ED%A0%80%FF` },
]

/** Whole JSON bodies: malformed, the wrong shape, prototype keys, nesting, too large, the wrong type. */
const body = (kind: string, payload: string, contentType = 'application/json') => ({
  kind,
  payload,
  contentType,
})
export const hostileBodies = [
  body('not JSON', 'not json'),
  body('cut-off JSON', '{"title": "Tri'),
  body('empty', ''),
  body('null', 'null'),
  body('array', '[]'),
  body('string', '"x"'),
  body('number', '123'),
  body('__proto__ key', '{"__proto__":{"isAdmin":true}}'),
  body('constructor key', '{"constructor":{"prototype":{"isAdmin":true}}}'),
  body('NUL in a key', '{"a\\u0000b":1}'),
  body('deep nesting', deep(100_000)),
  body('deep object', `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`),
  body('over the body limit', JSON.stringify({ x: 'x'.repeat(1_100_000) })),
  body('UTF-16 charset', '{}', 'application/json; charset=utf-16'),
  body('text/plain', '{}', 'text/plain'),
  body('XML', '<a/>', 'application/xml'),
  body('form-urlencoded', 'a=1', 'application/x-www-form-urlencoded'),
]

export type MultipartCase = { kind: string; payload: Buffer; headers: Record<string, string> }
export type MultipartForm = { fileField: string; fields: Record<string, string> }

/** A multipart body of raw parts, for the shapes multipartBody cannot make (two files, no disposition). */
function rawForm(parts: string[]) {
  const boundary = '----fuzzboundary'
  const body = `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`
  return {
    payload: Buffer.from(body),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

const filePart = (field: string, name: string, bytes = '%PDF-1.4\n%%EOF\n') =>
  `Content-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n${bytes}`

let bigDocuments: Promise<{ png: Buffer; docx: Buffer }> | undefined

/** A PNG over the megapixel limit and a DOCX bomb, made once: deflating them takes a while. */
function makeBigDocuments() {
  bigDocuments ??= Promise.all([hugePng(8000, 6000), docxBomb(25 << 20, { lie: true })]).then(
    ([png, docx]) => ({ png, docx }),
  )
  return bigDocuments
}

/**
 * Broken and hostile multipart bodies for a form: `form` says which field carries the file and gives valid
 * text fields, so each case breaks one thing.
 */
export async function multipartCases({ fileField, fields }: MultipartForm): Promise<MultipartCase[]> {
  const pdf = {
    name: 'a.pdf',
    bytes: pdfWithText('A tripod head that levels itself.'),
    field: fileField,
    type: 'application/pdf',
  }
  const valid = multipartBody(pdf, fields)
  const boundary = valid.headers['content-type'].split('boundary=')[1] ?? ''
  const big = await makeBigDocuments()
  const cases: [string, { payload: Buffer | string; headers: Record<string, string> }][] = [
    ['valid', valid],
    ['cut off', { ...valid, payload: valid.payload.subarray(0, valid.payload.length - 20) }],
    ['cut in headers', { ...valid, payload: valid.payload.subarray(0, 30) }],
    ['no boundary', { ...valid, headers: { 'content-type': 'multipart/form-data' } }],
    ['wrong boundary', { ...valid, headers: { 'content-type': 'multipart/form-data; boundary=other' } }],
    [
      'long boundary',
      { ...valid, headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(2000)}` } },
    ],
    ['empty body', { ...valid, payload: '' }],
    ['JSON body', { ...valid, payload: '{"title":"x"}' }],
    ['closing boundary only', { ...valid, payload: `--${boundary}--\r\n` }],
    ['huge field', multipartBody(pdf, { ...fields, [Object.keys(fields)[0] ?? 'x']: 'x'.repeat(1_000_000) })],
    ['NUL in field name', multipartBody(pdf, { ...fields, 'title\u0000': 'x' })],
    ['NUL in file name', multipartBody({ ...pdf, name: 'a\u0000.pdf' }, fields)],
    ['__proto__ field', multipartBody(pdf, { ...fields, ['__proto__']: 'x' })],
    [
      'many fields',
      multipartBody(pdf, Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, 'x']))),
    ],
    ['empty file', multipartBody({ ...pdf, bytes: Buffer.alloc(0) }, fields)],
    ['file in another field', multipartBody({ ...pdf, field: 'other' }, fields)],
    [
      'file name of 100,000 characters',
      multipartBody({ ...pdf, name: `${'x'.repeat(100_000)}.pdf` }, fields),
    ],
    ['path traversal file name', multipartBody({ ...pdf, name: '../../../etc/passwd.pdf' }, fields)],
    ['quote in file name', multipartBody({ ...pdf, name: 'a".pdf; filename="b.pdf' }, fields)],
    [
      'no file',
      rawForm(
        Object.entries(fields).map(([k, v]) => `Content-Disposition: form-data; name="${k}"\r\n\r\n${v}`),
      ),
    ],
    ['two files', rawForm([filePart(fileField, 'a.pdf'), filePart(fileField, 'b.pdf')])],
    [
      'part without disposition',
      rawForm(['Content-Type: text/plain\r\n\r\nx', filePart(fileField, 'a.pdf')]),
    ],
    [
      'garbage JPEG',
      multipartBody({ ...pdf, name: 'a.jpg', bytes: garbageJpeg(), type: 'image/jpeg' }, fields),
    ],
    [
      'JPEG with garbage data',
      multipartBody({ ...pdf, name: 'a.jpg', bytes: jpegWithGarbageData() }, fields),
    ],
    ['truncated PNG', multipartBody({ ...pdf, name: 'a.png', bytes: truncatedPng() }, fields)],
    ['PNG of 48 megapixels', multipartBody({ ...pdf, name: 'a.png', bytes: big.png }, fields)],
    ['corrupt PDF', multipartBody({ ...pdf, bytes: corruptPdf() }, fields)],
    ['PDF named .png', multipartBody({ ...pdf, name: 'a.png', type: 'image/png' }, fields)],
    ['DOCX bomb', multipartBody({ ...pdf, name: 'a.docx', bytes: big.docx }, fields)],
  ]
  // Every text field meets every hostile value that a form can carry (text only).
  for (const field of Object.keys(fields)) {
    for (const value of hostileValues) {
      cases.push([`${field}: ${value.kind}`, multipartBody(pdf, { ...fields, [field]: value.text })])
    }
  }
  return cases.map(([kind, form]) => ({ kind, payload: Buffer.from(form.payload), headers: form.headers }))
}
