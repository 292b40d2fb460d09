import { useReducer, useState } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { toast } from '@/components/ui/toast'
import { CoverageLine } from '@/features/corpus'
import { analysisFlowReducer, describeAnalysisError, idleFlow } from './analysis-flow'
import { AnalysisForm } from './analysis-form'
import type { AnalysisFormValues } from './analysis-form-schema'
import { AnalysisResults } from './analysis-results'
import { AnalysisErrorBox, AnalysisProgress } from './analysis-status'
import { useAnalyzePatent } from './api'

/** Patent Analysis (docs/product.md, Analysis): the form, then the running, results or error state. */
export function PatentAnalysis() {
  const [flow, dispatch] = useReducer(analysisFlowReducer, idleFlow)
  // A new key remounts the form, which clears every field, the file input included.
  const [formKey, setFormKey] = useState(0)
  const analyze = useAnalyzePatent()

  const start = (values: AnalysisFormValues) => {
    dispatch({ type: 'started' })
    analyze.mutate(
      { values, onStep: (step) => dispatch({ type: step }) },
      {
        onSuccess: (result) => {
          dispatch({ type: 'finished', result })
          toast({ title: 'Analysis Complete', description: 'Patent analysis completed successfully!' })
        },
        onError: (error) => {
          dispatch({ type: 'failed', message: describeAnalysisError(error) })
        },
      },
    )
  }

  const startNew = () => {
    analyze.reset()
    dispatch({ type: 'reset' })
    setFormKey((key) => key + 1)
  }

  return (
    <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Card>
        <CardHeader>
          <CardTitle>Patent Information</CardTitle>
          <CardDescription>
            Describe your invention to see how novel it looks against the patent corpus, which patents come
            closest and what to watch out for.
          </CardDescription>
          <CoverageLine className="text-xs" />
        </CardHeader>
        <CardContent className="grid gap-5">
          <AnalysisForm key={formKey} running={flow.phase === 'running'} onAnalyze={start} />
          {flow.phase === 'running' && <AnalysisProgress progress={flow.progress} />}
          {flow.phase === 'error' && <AnalysisErrorBox message={flow.message} />}
        </CardContent>
      </Card>
      {flow.phase === 'results' ? (
        <AnalysisResults result={flow.result} title={analyze.variables?.values.title} onStartNew={startNew} />
      ) : (
        <ResultsPlaceholder />
      )}
    </div>
  )
}

function ResultsPlaceholder() {
  return (
    <div className="hidden rounded-xl border border-dashed p-8 text-sm text-muted-foreground xl:block">
      <p className="font-medium text-foreground">Your analysis will appear here</p>
      <p className="mt-2">
        Summary: novelty score, innovations, key terms, risks, market potential and technical complexity.
        Similar Patents: the closest prior art and how similar it is. Claim chart: which features the prior
        art already holds, and where. Technical Details: the engine that ran the analysis.
      </p>
    </div>
  )
}
