import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LoadingSkeleton, SkeletonLines, SkeletonRows } from './skeleton'

describe('LoadingSkeleton', () => {
  it('is one busy status named by its label, its grey shapes hidden from assistive technology', () => {
    render(
      <LoadingSkeleton label="Loading patent details...">
        <SkeletonLines lines={3} />
        <SkeletonRows rows={2} columns={4} />
      </LoadingSkeleton>,
    )
    const status = screen.getByRole('status')
    expect(status.getAttribute('aria-busy')).toBe('true')
    expect(status.textContent).toBe('Loading patent details...')
    const shapes = status.querySelectorAll('[aria-hidden="true"]')
    expect(shapes).toHaveLength(3 + 2 * 4)
  })
})
