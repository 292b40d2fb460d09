import type { ApplicationStatus } from '@patentdesk/contract/application-statuses'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { StatusBadge } from '@/components/status-badge'

describe('StatusBadge', () => {
  it.each<[ApplicationStatus, string, string]>([
    ['draft', 'Draft', 'bg-slate-100'],
    ['submitted', 'Submitted', 'bg-blue-100'],
    ['under_review', 'Under Review', 'bg-yellow-100'],
    ['revision_required', 'Action Required', 'bg-slate-100'],
    ['approved', 'Approved', 'bg-green-100'],
    ['rejected', 'Rejected', 'bg-red-100'],
  ])('in a table shows %s as %s in %s', (status, label, colour) => {
    render(<StatusBadge status={status} variant="table" />)
    expect(screen.getByText(label).className).toContain(colour)
  })

  it("keeps 'Revision Required' in an administrator's table", () => {
    render(<StatusBadge status="revision_required" variant="table" forAdmin />)
    expect(screen.getByText('Revision Required')).toBeTruthy()
  })

  it.each<[ApplicationStatus, string, string]>([
    ['approved', 'Approved', 'bg-success'],
    ['rejected', 'Rejected', 'bg-destructive'],
    ['revision_required', 'Revision Required', 'bg-warning'],
    ['under_review', 'Under Review', 'bg-secondary'],
    ['submitted', 'Submitted', 'border-border'],
  ])('in the detail panel shows %s as %s in %s', (status, label, colour) => {
    render(<StatusBadge status={status} variant="detail" />)
    expect(screen.getByText(label).className).toContain(colour)
  })
})
