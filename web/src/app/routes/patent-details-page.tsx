import type { PatentDetail } from '@patentdesk/contract/patents'
import { useParams } from 'react-router'
import { PriorArtPanel } from '@/features/analysis'
import { PatentDetails } from '@/features/patents/patent-details'

const priorArt = ({ reference, title }: PatentDetail) => <PriorArtPanel reference={reference} title={title} />

/** /patent-details/:reference: a new reference starts afresh on the Overview tab; 'Find prior art' runs the analysis. */
export function PatentDetailsPage() {
  const reference = useParams().reference ?? ''
  return <PatentDetails key={reference} reference={reference} priorArt={priorArt} />
}
