import { applicationMessages } from '@patentdesk/contract/applications'
import { ArrowLeft } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { Button } from '@/components/ui/button'
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
      <div>
        <Button variant="ghost" size="sm" className="-ml-3" asChild>
          <Link to="/patents">
            <ArrowLeft />
            Back to My Patents
          </Link>
        </Button>
      </div>
      {Number.isInteger(id) && id > 0 ? (
        <ApplicationDetail key={id} id={id} initialTab={tab} />
      ) : (
        <ApplicationErrorAlert message={applicationMessages.notFound} />
      )}
    </div>
  )
}
