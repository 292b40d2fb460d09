import type { DraftingCheckResult, DraftText } from '@patentdesk/contract/drafting'
import { limits } from '@patentdesk/contract/limits'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useMemo, useState } from 'react'
import { apiRequest } from '@/lib/api-client'
import { useSessionUser } from '@/lib/session'

export const draftingChecksPath = '/api/drafting/checks'

/** How long typing has to pause before the draft is checked. */
export const draftingCheckDelay = 600

/** `value` once it has stayed the same (by `Object.is`) for `delay` ms. */
function useDebouncedValue<T>(value: T, delay: number) {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return debounced
}

const isBlank = (draft: DraftText) =>
  [draft.title, draft.abstract, draft.description, ...draft.claims].every((text) => text.trim() === '')

/**
 * The server refuses text over the limits, which the form reports itself; checking the part within
 * them keeps the panel useful meanwhile, and the offsets stay valid since only the end is cut.
 */
const withinLimits = (draft: DraftText): DraftText => ({
  title: draft.title.slice(0, limits.title.max),
  abstract: draft.abstract.slice(0, limits.abstract.max),
  description: draft.description.slice(0, limits.description.max),
  claims: draft.claims.slice(0, limits.claims.max).map((claim) => claim.slice(0, limits.claim.max)),
})

/**
 * The drafting problems of `draft`, checked once typing pauses; the previous answer stays shown while
 * the next one loads. The draft waits as JSON so that a re-render with the same text (a new object)
 * does not restart the wait.
 */
export function useDraftingChecks(draft: DraftText) {
  const user = useSessionUser()
  const json = useDebouncedValue(JSON.stringify(withinLimits(draft)), draftingCheckDelay)
  const debounced = useMemo(() => JSON.parse(json) as DraftText, [json])
  // Only a signed-in user may ask, and an empty draft has nothing to check.
  const enabled = user !== null && !isBlank(debounced)
  return useQuery({
    queryKey: [draftingChecksPath, debounced],
    queryFn: ({ signal }) =>
      apiRequest<DraftingCheckResult>(draftingChecksPath, { method: 'POST', body: debounced, signal }),
    enabled,
    placeholderData: enabled ? keepPreviousData : undefined,
  })
}
