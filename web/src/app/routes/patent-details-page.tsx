import type { PatentDetail } from '@patentdesk/contract/patents'
import { lazy, Suspense } from 'react'
import { useParams } from 'react-router'
import { LoadingSkeleton, SkeletonLines } from '@/components/ui/skeleton'
import { PatentDetails } from '@/features/patents/patent-details'
import { WatchButton } from '@/features/saved-searches'

// Its code (the analysis feature's, with the contract's analysis schemas) loads once 'Find prior art' is asked.
const PriorArtPanel = lazy(async () => ({ default: (await import('@/features/analysis')).PriorArtPanel }))

const priorArt = ({ reference, title }: PatentDetail) => (
  <Suspense
    fallback={
      <LoadingSkeleton label="Loading prior art...">
        <SkeletonLines lines={4} />
      </LoadingSkeleton>
    }
  >
    <PriorArtPanel reference={reference} title={title} />
  </Suspense>
)
const actions = ({ reference }: PatentDetail) => <WatchButton reference={reference} />

/** /patent-details/:reference: a new reference starts afresh on the Overview tab; 'Find prior art' runs the
 * analysis; 'Watch' follows the patent. */
export function PatentDetailsPage() {
  const reference = useParams().reference ?? ''
  return <PatentDetails key={reference} reference={reference} priorArt={priorArt} actions={actions} />
}
