/**
 * Every kind of file a user may send, by extension: its label in messages and hints, and the MIME types
 * its bytes may be detected as, its own first (a DOCX may be detected as a plain ZIP; a legacy .doc is a
 * compound file). The server checks each file's content against this table; the client's pickers, hints
 * and the messages derive from it too.
 */
export const fileKinds = {
  '.pdf': { label: 'PDF', mimes: ['application/pdf'] },
  '.doc': { label: 'DOC', mimes: ['application/x-cfb'] },
  '.docx': {
    label: 'DOCX',
    mimes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
  },
  '.jpg': { label: 'JPG', mimes: ['image/jpeg'] },
  '.jpeg': { label: 'JPEG', mimes: ['image/jpeg'] },
  '.png': { label: 'PNG', mimes: ['image/png'] },
} as const
export type FileExtension = keyof typeof fileKinds

/** What each way of sending a file takes: supporting documents of an application, and the analysis' one. */
export const fileRules = {
  upload: { extensions: ['.pdf', '.jpg', '.jpeg', '.png'], maxBytes: 5 * 1024 * 1024 },
  analysis: {
    extensions: ['.pdf', '.doc', '.docx', '.jpg', '.jpeg', '.png'],
    maxBytes: 10 * 1024 * 1024,
  },
} as const satisfies Record<string, { extensions: readonly FileExtension[]; maxBytes: number }>
export type FileRule = (typeof fileRules)[keyof typeof fileRules]

/** `PDF, JPG or PNG`: labels as a sentence lists them. */
const listed = (labels: readonly string[]) =>
  labels.length < 2 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`

/** The kinds a rule takes, as messages name them: `PDF, JPG, JPEG or PNG`. */
export const kindNames = (rule: FileRule) => listed(rule.extensions.map((e) => fileKinds[e].label))

/** The kinds a rule's content may be, once each (JPG and JPEG are one content): `PDF, JPG or PNG`. */
export function contentNames(rule: FileRule) {
  const byMime = new Map<string, string>()
  for (const extension of rule.extensions) {
    const { mimes, label } = fileKinds[extension]
    if (!byMime.has(mimes[0])) byMime.set(mimes[0], label)
  }
  return listed([...byMime.values()])
}

/** The largest file a rule takes, in whole megabytes (10 MB). */
export const maxMegabytes = (rule: FileRule) => rule.maxBytes / (1024 * 1024)

/** A rule's file types as an `accept` map, MIME type → extensions (react-dropzone), own MIME types only. */
export function acceptOf(rule: FileRule) {
  const accept: Record<string, string[]> = {}
  for (const extension of rule.extensions) {
    const mime = fileKinds[extension].mimes[0]
    accept[mime] = [...(accept[mime] ?? []), extension]
  }
  return accept
}

/** The kind a file name claims under a rule; undefined when the rule does not take it. */
export function claimedKind(rule: FileRule, fileName: string) {
  const dot = fileName.lastIndexOf('.')
  const extension = (dot < 0 ? '' : fileName.slice(dot).toLowerCase()) as FileExtension
  return (rule.extensions as readonly string[]).includes(extension)
    ? { extension, ...fileKinds[extension] }
    : undefined
}
