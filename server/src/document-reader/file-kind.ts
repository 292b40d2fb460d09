import { claimedKind, type FileRule } from '@patentdesk/contract/file-kinds'
import { fileTypeFromBuffer } from 'file-type'
import { kindOfMime } from './kind'

/**
 * A file's kind under `rule`, proved by its content: its name must claim a kind the rule takes (else
 * `name`), and its bytes must be of that kind (else `content`: a PNG called .pdf is refused). Answers the
 * kind's own MIME type and the reader that reads it (none for a legacy .doc).
 */
export async function checkFileKind(rule: FileRule, fileName: string, bytes: Uint8Array) {
  const kind = claimedKind(rule, fileName)
  if (!kind) return { ok: false, problem: 'name' } as const
  const detected = (await fileTypeFromBuffer(bytes))?.mime
  if (!detected || !(kind.mimes as readonly string[]).includes(detected))
    return { ok: false, problem: 'content' } as const
  const mime: string = kind.mimes[0]
  return { ok: true, mime, reader: kindOfMime(mime) } as const
}
