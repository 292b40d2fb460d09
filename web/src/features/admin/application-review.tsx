import { ApplicationDetail, type DetailTab } from '@/features/applications'
import { AnalysisTab } from './analysis-panel'
import { FeedbackForm } from './feedback-form'
import { ReviewStatusForm } from './review-status-form'

type ApplicationReviewProps = {
  id: number
  initialTab?: DetailTab
  onBack: () => void
  onReviewComplete?: () => void
}

/** The review (docs/product.md, Administration): the application's detail view with the administrator's
 * panels passed in. */
export function ApplicationReview({ id, initialTab, onBack, onReviewComplete }: ApplicationReviewProps) {
  return (
    <ApplicationDetail
      id={id}
      initialTab={initialTab}
      review={{
        onBack,
        statusForm: <ReviewStatusForm applicationId={id} onReviewComplete={onReviewComplete} />,
        feedbackForm: <FeedbackForm applicationId={id} />,
        analysisTab: <AnalysisTab applicationId={id} />,
      }}
    />
  )
}
