import type { AnalysisResult } from '@patentdesk/contract/analysis'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import type { AnalysisFormValues } from './analysis-form-schema'

const comprehensiveAnalysisPath = '/api/public/patents/comprehensive-analysis'

/** The multipart body the endpoint reads (docs/product.md, Analysis): title, description, an optional
 * priority or filing date (YYYY-MM-DD) and an optional document. */
export function toAnalysisFormData({ title, description, priorityDate, document }: AnalysisFormValues) {
  const body = new FormData()
  body.set('title', title)
  body.set('description', description)
  if (priorityDate) body.set('priorityDate', priorityDate)
  if (document) body.set('document', document)
  return body
}

type AnalyzeVariables = {
  values: AnalysisFormValues
  /** Reports the two steps between start and finish, which the progress bar shows
   * (docs/product.md, Analysis). */
  onStep: (step: 'prepared' | 'received') => void
}

export function useAnalyzePatent() {
  return useMutation({
    mutationFn: async ({ values, onStep }: AnalyzeVariables) => {
      const body = toAnalysisFormData(values)
      onStep('prepared')
      const result = await apiRequest<AnalysisResult>(comprehensiveAnalysisPath, { method: 'POST', body })
      onStep('received')
      return result
    },
    meta: {
      errorTitle: 'Analysis Failed',
      errorDescription: () => 'There was an error analyzing your patent application. Please try again.',
    },
  })
}
