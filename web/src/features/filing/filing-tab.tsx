import type { Application } from '@patentdesk/contract/applications'
import { QueryState } from '@/components/ui/query-state'
import { useFiling } from './api'
import { DeadlinesPanel } from './deadlines-panel'
import { FilingHistory } from './filing-history'
import { UkDatesEditor } from './uk-dates-form'

/** The application's UK dates, the deadlines that follow from them, and who changed what. */
export function FilingTab({ application }: { application: Pick<Application, 'id' | 'reference'> }) {
  const filing = useFiling(application.id)
  return (
    <QueryState query={filing} loadingText="Loading filing dates...">
      {(data) => (
        <div className="grid gap-8">
          <UkDatesEditor applicationId={application.id} dates={data.dates} />
          <DeadlinesPanel applicationId={application.id} reference={application.reference} filing={data} />
          <FilingHistory history={data.history} />
        </div>
      )}
    </QueryState>
  )
}
