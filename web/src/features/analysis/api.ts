import { AnalysisResultSchema } from '@patentdesk/contract/analysis'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import type { AnalysisFormValues } from './analysis-form-schema'

const comprehensiveAnalysisPath = '/api/public/patents/comprehensive-analysis'

/** The multipart body the endpoint reads (spec §7): title, description and an optional document. */
export function toAnalysisFormData({ title, description, document }: AnalysisFormValues) {
  const body = new FormData()
  body.set('title', title)
  body.set('description', description)
  if (document) body.set('document', document)
  return body
}

type AnalyzeVariables = {
  values: AnalysisFormValues
  /** Reports the two steps between start and finish, which the progress bar shows (spec §4). */
  onStep: (step: 'prepared' | 'received') => void
}

export function useAnalyzePatent() {
  return useMutation({
    mutationFn: async ({ values, onStep }: AnalyzeVariables) => {
      const body = toAnalysisFormData(values)
      onStep('prepared')
      const answer = await apiRequest<unknown>(comprehensiveAnalysisPath, { method: 'POST', body })
      onStep('received')
      // The public rule (spec §7) turns a 404 into the empty search result and an unreadable body into
      // null; neither is an analysis, and the screen says 'Analysis failed'.
      const result = AnalysisResultSchema.safeParse(answer)
      if (!result.success) throw new Error('Analysis failed')
      return result.data
    },
    meta: {
      errorTitle: 'Analysis Failed',
      errorDescription: () => 'There was an error analyzing your patent application. Please try again.',
    },
  })
}
