import {
  type ApplicationStatus,
  applicationStatuses,
  statusLabels,
} from '@patentdesk/contract/application-statuses'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select'
import { toast } from '@/components/ui/toast'
import { useUpdateStatus } from './api'

/** The administrator sets any status, in any order (docs/product.md, Administration); a completed change ends
 * the review. */
export function ReviewStatusForm({
  applicationId,
  onReviewComplete,
}: {
  applicationId: number
  onReviewComplete?: () => void
}) {
  const [status, setStatus] = useState<ApplicationStatus | ''>('')
  const updateStatus = useUpdateStatus(applicationId)

  const submit = () => {
    if (!status) return
    updateStatus.mutate(status, {
      onSuccess: () => {
        toast({ title: 'Status updated', description: 'The application status has been updated.' })
        setStatus('')
        onReviewComplete?.()
      },
    })
  }

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1.5">
        <Label htmlFor="review-status">Status</Label>
        <Select value={status} onValueChange={(value) => setStatus(value as ApplicationStatus)}>
          <SelectTrigger id="review-status" className="w-[180px]">
            <SelectValue placeholder="Select a status" />
          </SelectTrigger>
          <SelectContent>
            {applicationStatuses.map((value) => (
              <SelectItem key={value} value={value}>
                {statusLabels[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button disabled={!status || updateStatus.isPending} onClick={submit}>
        {updateStatus.isPending ? 'Updating...' : 'Update Status'}
      </Button>
    </div>
  )
}
