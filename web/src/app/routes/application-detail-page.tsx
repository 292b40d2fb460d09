import { applicationMessages } from '@patentdesk/contract/applications'
import { useParams } from 'react-router'
import { BackLink } from '@/components/ui/back-link'
import {
  ApplicationDetail,
  ApplicationErrorAlert,
  type DetailTab,
} from '@/features/applications/application-detail'

/** /patents/:id, and /patents/:id/feedback, which opens on the Feedback tab. */
export function ApplicationDetailPage({ tab }: { tab?: DetailTab }) {
  const id = Number(useParams().id)
  return (
    <div className="grid grid-cols-1 gap-4">
      <BackLink to="/patents">Back to My Patents</BackLink>
      {Number.isInteger(id) && id > 0 ? (
        <ApplicationDetail key={id} id={id} initialTab={tab} />
      ) : (
        <ApplicationErrorAlert message={applicationMessages.notFound} />
      )}
    </div>
  )
}
