import { messages } from '@patentdesk/contract/errors'
import { ApiError } from '@/lib/api-client'

/** A 401 while saving reads as the query wording, anything unreadable as a fallback
 * (docs/product.md, Messages and errors). */
export function saveErrorMessage(error: unknown) {
  if (error instanceof ApiError && error.status === 401) return messages.authRequiredQuery
  return error instanceof Error && error.message ? error.message : 'An unknown error occurred'
}
