import { describe, expect, it } from 'vitest'
import { analysisMessages } from './analysis'
import { documentMessages } from './documents'
import { acceptOf, claimedKind, contentNames, fileRules, kindNames, maxMegabytes } from './file-kinds'

describe('file kinds', () => {
  it('word the messages from the one table', () => {
    expect(kindNames(fileRules.upload)).toBe('PDF, JPG, JPEG or PNG')
    expect(contentNames(fileRules.upload)).toBe('PDF, JPG or PNG')
    expect(kindNames(fileRules.analysis)).toBe('PDF, DOC, DOCX, JPG, JPEG or PNG')
    expect(maxMegabytes(fileRules.analysis)).toBe(10)
    expect(documentMessages.wrongType).toBe('File type must be PDF, JPG, JPEG or PNG.')
    expect(analysisMessages.tooLarge).toBe('The document is larger than 10 MB.')
  })

  it("give a picker each kind's own MIME type", () => {
    expect(acceptOf(fileRules.upload)).toEqual({
      'application/pdf': ['.pdf'],
      'image/jpeg': ['.jpg', '.jpeg'],
      'image/png': ['.png'],
    })
  })

  it('read the kind a name claims, whatever its case, only when the rule takes it', () => {
    expect(claimedKind(fileRules.analysis, 'Draft.DOCX')?.label).toBe('DOCX')
    expect(claimedKind(fileRules.upload, 'draft.docx')).toBeUndefined()
    expect(claimedKind(fileRules.upload, 'pdf')).toBeUndefined()
    expect(claimedKind(fileRules.upload, 'scan.jpeg.png')?.mimes).toEqual(['image/png'])
  })
})
