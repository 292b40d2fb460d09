import type { PatentDetail } from '@patentdesk/contract/patents'
import { useParams } from 'react-router'
import { PriorArtPanel } from '@/features/analysis'
import { PatentDetails } from '@/features/patents/patent-details'
import { WatchButton } from '@/features/saved-searches'

const priorArt = ({ reference, title }: PatentDetail) => <PriorArtPanel reference={reference} title={title} />
const actions = ({ reference }: PatentDetail) => <WatchButton reference={reference} />

/** /patent-details/:reference: a new reference starts afresh on the Overview tab; 'Find prior art' runs the
 * analysis; 'Watch' follows the patent. */
export function PatentDetailsPage() {
  const reference = useParams().reference ?? ''
  return <PatentDetails key={reference} reference={reference} priorArt={priorArt} actions={actions} />
}
