import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { buildAnalysisResult } from './analysis-factories'
import {
  type AnalysisEvent,
  type AnalysisFlow,
  analysisFlowReducer,
  describeAnalysisError,
  idleFlow,
} from './analysis-flow'

const run = (events: AnalysisEvent[], from: AnalysisFlow = idleFlow) => {
  const flows: AnalysisFlow[] = []
  events.reduce((flow, event) => {
    const next = analysisFlowReducer(flow, event)
    flows.push(next)
    return next
  }, from)
  return flows
}

describe('analysisFlowReducer', () => {
  it('moves the progress through 10, 30, 90 and 100, in that order, to the results', () => {
    const result = buildAnalysisResult()
    const flows = run([
      { type: 'started' },
      { type: 'prepared' },
      { type: 'received' },
      { type: 'finished', result },
    ])
    expect(flows.map((flow) => ('progress' in flow ? flow.progress : null))).toEqual([10, 30, 90, 100])
    expect(flows.at(-1)).toEqual({ phase: 'results', progress: 100, result })
  })

  it('ends a failed run in the error state, and returns to idle on reset', () => {
    const flows = run([
      { type: 'started' },
      { type: 'prepared' },
      { type: 'failed', message: 'Too big' },
      { type: 'reset' },
    ])
    expect(flows.slice(-2)).toEqual([{ phase: 'error', message: 'Too big' }, idleFlow])
  })

  it('drops the steps of a run that was reset', () => {
    const flows = run([
      { type: 'started' },
      { type: 'reset' },
      { type: 'received' },
      { type: 'finished', result: buildAnalysisResult() },
    ])
    expect(flows.slice(-2)).toEqual([idleFlow, idleFlow])
  })
})

describe('describeAnalysisError', () => {
  it("shows the server's message, else a fallback text (docs/product.md, Analysis)", () => {
    expect(describeAnalysisError(new ApiError(413, 'The document is larger than 10 MB.'))).toBe(
      'The document is larger than 10 MB.',
    )
    expect(describeAnalysisError(new Error(''))).toBe('Analysis failed')
    expect(describeAnalysisError('boom')).toBe('Unknown error occurred during analysis')
  })
})
