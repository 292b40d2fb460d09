import { type Application, applicationMessages } from '@patentdesk/contract/applications'
import { paragraphsOf } from '@patentdesk/contract/comments'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { QueryState } from '@/components/ui/query-state'
import { LoadingSkeleton, Skeleton, SkeletonLines } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { ActivityTab } from '@/features/activity'
import { CommentablePart, CommentsPanelEnd, CommentsPanelHeader, CommentsProvider } from '@/features/comments'
import { FilingTab } from '@/features/filing'
import { ApiError } from '@/lib/api-client'
import { AddDocuments } from './add-documents'
import { useApplication, useDocuments, useFeedback } from './api'
import { ApplicationDetailHeader, OwnerActions } from './application-detail-header'
import { DocumentsList } from './documents-list'
import { FeedbackList } from './feedback-list'
import { HistoryTab } from './history-tab'
import { SearchReportTab } from './search-report-tab'
import { StatusHistory } from './status-history'

export type DetailTab = 'details' | 'documents' | 'feedback' | 'search-report' | 'analysis'

/**
 * The administrator's review (the admin feature composes it): the panels it passes in take the place of
 * the owner's actions, sit under the feedback list, and fill an Analysis tab.
 */
export type ReviewPanels = {
  onBack: () => void
  statusForm: ReactNode
  feedbackForm: ReactNode
  analysisTab: ReactNode
}

type ApplicationDetailProps = {
  id: number
  initialTab?: DetailTab
  review?: ReviewPanels
}

export function ApplicationDetail({ id, initialTab = 'details', review }: ApplicationDetailProps) {
  const application = useApplication(id)
  return (
    <div className="grid grid-cols-1 gap-6">
      {review && (
        <div>
          <Button variant="outline" onClick={review.onBack}>
            <ArrowLeft />
            Back to Applications
          </Button>
        </div>
      )}
      {application.isPending ? (
        <ApplicationSkeleton />
      ) : application.error ? (
        <ApplicationErrorAlert
          message={isMissing(application.error) ? applicationMessages.notFound : application.error.message}
        />
      ) : (
        <>
          <ApplicationDetailHeader
            application={application.data}
            actions={review ? review.statusForm : <OwnerActions application={application.data} />}
          />
          <DetailTabs application={application.data} initialTab={initialTab} review={review} />
          <StatusHistory applicationId={id} />
        </>
      )}
    </div>
  )
}

/** The header card and the Details tab, as grey shapes. */
function ApplicationSkeleton() {
  return (
    <LoadingSkeleton label="Loading application..." className="gap-6">
      <Card className="grid gap-3 p-6">
        <div className="flex gap-2">
          <Skeleton className="h-5 w-28" />
          <Skeleton className="h-5 w-20" />
        </div>
        <Skeleton className="h-7 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </Card>
      <Skeleton className="h-9 w-full max-w-md" />
      <Card className="grid gap-6 p-6">
        <SkeletonLines lines={3} />
        <SkeletonLines lines={5} />
      </Card>
    </LoadingSkeleton>
  )
}

export function ApplicationErrorAlert({ message }: { message: string }) {
  return (
    <Alert variant="destructive">
      <span className="block font-semibold">Error</span>
      {message}
    </Alert>
  )
}

/** The server answers 404 both for a missing application and for one the user may not see. */
const isMissing = (error: Error) =>
  error instanceof ApiError && (error.status === 404 || error.status === 403)

function DetailTabs({
  application,
  initialTab,
  review,
}: {
  application: Application
  initialTab: DetailTab
  review: ReviewPanels | undefined
}) {
  const { id } = application
  const documents = useDocuments(id)
  const feedback = useFeedback(id)
  const adminMode = review !== undefined
  const count = (list: unknown[] | undefined) => (list ? ` (${list.length})` : '')

  return (
    <Tabs defaultValue={adminMode || initialTab !== 'analysis' ? initialTab : 'details'}>
      <TabsList className="h-auto flex-wrap">
        <TabsTrigger value="details">Details</TabsTrigger>
        <TabsTrigger value="documents">Documents{count(documents.data)}</TabsTrigger>
        <TabsTrigger value="feedback">Feedback{count(feedback.data)}</TabsTrigger>
        <TabsTrigger value="search-report">Search report</TabsTrigger>
        {adminMode && <TabsTrigger value="analysis">Analysis</TabsTrigger>}
        <TabsTrigger value="filing">UK Filing</TabsTrigger>
        <TabsTrigger value="history">History</TabsTrigger>
        <TabsTrigger value="activity">Activity</TabsTrigger>
      </TabsList>
      <Card className="mt-4 p-6">
        <TabsContent value="details" className="mt-0 grid gap-6">
          <DetailsSection application={application} />
        </TabsContent>
        <TabsContent value="documents" className="mt-0">
          <QueryState query={documents}>
            {(list) => (
              <>
                <DocumentsList applicationId={id} documents={list} />
                <AddDocuments application={application} documentCount={list.length} />
              </>
            )}
          </QueryState>
        </TabsContent>
        <TabsContent value="feedback" className="mt-0 grid gap-4">
          <QueryState query={feedback}>{(list) => <FeedbackList feedback={list} />}</QueryState>
          {review?.feedbackForm}
        </TabsContent>
        <TabsContent value="search-report" className="mt-0">
          <SearchReportTab applicationId={id} title={application.title} />
        </TabsContent>
        {review && (
          <TabsContent value="analysis" className="mt-0">
            {review.analysisTab}
          </TabsContent>
        )}
        <TabsContent value="filing" className="mt-0">
          <FilingTab application={application} />
        </TabsContent>
        <TabsContent value="history" className="mt-0">
          <HistoryTab application={application} />
        </TabsContent>
        <TabsContent value="activity" className="mt-0">
          <ActivityTab applicationId={id} />
        </TabsContent>
      </Card>
    </Tabs>
  )
}

/**
 * The text as comments see it: the title, the abstract, each paragraph of the description (its non-empty
 * lines, as the server counts them) and each claim, every one a part with its threads beside or under it.
 */
function DetailsSection({ application }: { application: Application }) {
  return (
    <CommentsProvider application={application}>
      <section className="grid gap-2">
        <h3 className="text-sm font-semibold">Title</h3>
        <CommentablePart
          part="title"
          index={0}
          text={application.title}
          className="text-base text-foreground"
          panelHead={<CommentsPanelHeader />}
        />
      </section>
      <section className="grid gap-2">
        <h3 className="text-sm font-semibold">Abstract</h3>
        <CommentablePart part="abstract" index={0} text={application.abstract} />
      </section>
      <section className="grid gap-3">
        <h3 className="text-sm font-semibold">Description</h3>
        {paragraphsOf(application.description).map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are plain strings that may repeat; their position is their identity
          <CommentablePart key={index} part="description" index={index} text={paragraph} />
        ))}
      </section>
      <section className="grid gap-2">
        <h3 className="text-sm font-semibold">Claims</h3>
        <ol className="grid list-decimal gap-3 pl-6 text-sm text-slate-700 marker:font-semibold">
          {application.claims.map((claim, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: claims are plain strings that may repeat; their position is their identity
            <li key={index} className="pl-1">
              <CommentablePart part="claim" index={index} text={claim} />
            </li>
          ))}
        </ol>
      </section>
      <CommentsPanelEnd />
    </CommentsProvider>
  )
}
