import { useQuery } from '@tanstack/react-query'
import { UpcomingDeadlinesCard } from '@/features/filing'
import { applicationsQueryOptions } from '@/lib/application-queries'
import { useSessionUser } from '@/lib/session'
import { selectRecentApplications } from './api'
import { DashboardCountCards } from './dashboard-count-cards'
import { QuickActionsCard } from './quick-actions-card'
import { RecentApplicationsCard } from './recent-applications-card'
import { RecentFeedbackCard } from './recent-feedback-card'
import { RecentNotificationsCard } from './recent-notifications-card'
import { SavedSearchesCard } from './saved-searches-card'
import { SharedApplicationsCard } from './shared-applications-card'

export function Dashboard() {
  const user = useSessionUser()
  const applications = useQuery(applicationsQueryOptions)
  const recent = applications.data && selectRecentApplications(applications.data)

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h2 className="text-xl font-semibold tracking-tight">Welcome back, {user?.fullName || 'User'}</h2>
        <p className="text-sm text-muted-foreground">Here is where your patent applications stand.</p>
      </div>
      <DashboardCountCards applications={applications.data} />
      <UpcomingDeadlinesCard />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6 lg:col-span-2">
          <RecentApplicationsCard applications={recent} error={applications.error} />
          <SharedApplicationsCard />
          <SavedSearchesCard />
        </div>
        <QuickActionsCard />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RecentNotificationsCard />
        <RecentFeedbackCard applications={applications.isError ? [] : recent} />
      </div>
    </div>
  )
}
