import type { AnalysisResult } from '@patentdesk/contract/analysis'

/** Progress of a run (docs/product.md, Analysis): started, request prepared, response received, finished. */
export const analysisProgress = { started: 10, prepared: 30, received: 90, finished: 100 } as const

export type AnalysisFlow =
  | { phase: 'idle' }
  | { phase: 'running'; progress: number }
  | { phase: 'results'; progress: number; result: AnalysisResult }
  | { phase: 'error'; message: string }

export type AnalysisEvent =
  | { type: 'started' }
  | { type: 'prepared' }
  | { type: 'received' }
  | { type: 'finished'; result: AnalysisResult }
  | { type: 'failed'; message: string }
  | { type: 'reset' }

export const idleFlow: AnalysisFlow = { phase: 'idle' }

/** idle → running → results or error; 'Start New Analysis' returns to idle (docs/product.md, Analysis). */
export function analysisFlowReducer(flow: AnalysisFlow, event: AnalysisEvent): AnalysisFlow {
  if (event.type === 'reset') return idleFlow
  if (event.type === 'started') return { phase: 'running', progress: analysisProgress.started }
  // Anything else belongs to a run in progress; a step arriving after a reset is dropped.
  if (flow.phase !== 'running') return flow
  switch (event.type) {
    case 'prepared':
      return { phase: 'running', progress: analysisProgress.prepared }
    case 'received':
      return { phase: 'running', progress: analysisProgress.received }
    case 'finished':
      return { phase: 'results', progress: analysisProgress.finished, result: event.result }
    case 'failed':
      return { phase: 'error', message: event.message }
  }
}

/** The error box's text (docs/product.md, Analysis): the server's message, else 'Analysis failed', else the
 * unknown-error text. */
export function describeAnalysisError(error: unknown) {
  if (error instanceof Error) return error.message || 'Analysis failed'
  return 'Unknown error occurred during analysis'
}
