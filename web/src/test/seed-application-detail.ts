import type {
  Application,
  ApplicationAnalysis,
  Feedback,
  StatusChange,
} from '@patentdesk/contract/applications'
import type { ApplicationDocument } from '@patentdesk/contract/documents'
import type { QueryClient } from '@tanstack/react-query'
import { analysisQueryOptions } from '@/features/admin/api'
import {
  applicationQueryOptions,
  documentsQueryOptions,
  historyQueryOptions,
} from '@/features/applications/api'
import { feedbackQueryOptions } from '@/lib/application-queries'

type DetailData = {
  application: Application
  documents?: ApplicationDocument[]
  feedback?: Feedback[]
  history?: StatusChange[]
  analysis?: ApplicationAnalysis | null
}

/** Everything the detail panel reads, so that it renders without a request. */
export function seedApplicationDetail(queryClient: QueryClient, data: DetailData) {
  const { id } = data.application
  queryClient.setQueryData(applicationQueryOptions(id).queryKey, data.application)
  queryClient.setQueryData(documentsQueryOptions(id).queryKey, data.documents ?? [])
  queryClient.setQueryData(feedbackQueryOptions(id).queryKey, data.feedback ?? [])
  queryClient.setQueryData(historyQueryOptions(id).queryKey, data.history ?? [])
  queryClient.setQueryData(analysisQueryOptions(id).queryKey, data.analysis ?? null)
}

/** Radix Select uses pointer capture and scrollIntoView, which jsdom lacks. */
export function polyfillPointerCapture() {
  Element.prototype.hasPointerCapture ??= () => false
  Element.prototype.releasePointerCapture ??= () => {}
  Element.prototype.scrollIntoView ??= () => {}
}
