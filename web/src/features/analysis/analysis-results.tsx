import type { AnalysisResult } from '@patentdesk/contract/analysis'
import { Download, Info, RotateCcw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { AnalysisSummaryTab } from './analysis-summary-tab'
import { ClaimChart } from './claim-chart'
import { downloadAnalysis } from './download-analysis'
import { describeEngine } from './engine-label'
import { inventionName } from './invention-name'
import { SearchReportView } from './search-report'
import { SimilarPatentsTab } from './similar-patents-tab'
import { TechnicalDetailsTab } from './technical-details-tab'

type AnalysisResultsProps = {
  result: AnalysisResult
  /** The title the analysis was asked for, which the result does not carry: the claim chart document names it. */
  title?: string
  onStartNew: () => void
}

/** The result card, at most 600 px tall with its tab panels scrolling inside (docs/product.md, Analysis). */
export function AnalysisResults({ result, title, onStartNew }: AnalysisResultsProps) {
  return (
    <Card ref={revealOnMount} className="flex max-h-[600px] flex-col">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 pb-4">
        <div className="grid gap-1.5">
          <CardTitle>Analysis Results</CardTitle>
          <CardDescription>{describeEngine(result.engine)}</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => downloadAnalysis(result)}>
            <Download />
            Download
          </Button>
          <Button variant="outline" size="sm" onClick={onStartNew}>
            <RotateCcw />
            Start New Analysis
          </Button>
        </div>
      </CardHeader>
      {result.notes.length > 0 && <NotesBox notes={result.notes} />}
      <Tabs defaultValue="summary" className="flex min-h-0 flex-1 flex-col px-6 pb-6">
        <TabsList className="h-auto flex-wrap self-start">
          <TabsTrigger value="summary">Summary</TabsTrigger>
          <TabsTrigger value="similar">Similar Patents</TabsTrigger>
          <TabsTrigger value="chart">Claim chart</TabsTrigger>
          {result.searchReport && <TabsTrigger value="report">Search report</TabsTrigger>}
          <TabsTrigger value="technical">Technical Details</TabsTrigger>
        </TabsList>
        <TabsContent value="summary" className={panel}>
          <AnalysisSummaryTab result={result} />
        </TabsContent>
        <TabsContent value="similar" className={panel}>
          <SimilarPatentsTab
            similarPatents={result.similarPatents}
            how={result.explanation.similarPatents}
            cutOff={result.searchReport?.cutOff}
          />
        </TabsContent>
        <TabsContent value="chart" className={panel}>
          <ClaimChart result={result} title={title} />
        </TabsContent>
        {result.searchReport && (
          <TabsContent value="report" className={panel}>
            <SearchReportView
              report={result.searchReport}
              subject={inventionName(result.analysis.summary, title)}
            />
          </TabsContent>
        )}
        <TabsContent value="technical" className={panel}>
          <TechnicalDetailsTab result={result} />
        </TabsContent>
      </Tabs>
    </Card>
  )
}

const panel = '@container min-h-0 flex-1 overflow-y-auto pr-1'

/** On a narrow screen the card arrives below the form, out of sight; 'nearest' leaves a visible one be. */
function revealOnMount(card: HTMLDivElement | null) {
  card?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
}

function NotesBox({ notes }: { notes: string[] }) {
  return (
    <div className="mx-6 mb-4 flex gap-3 rounded-lg border bg-slate-50 p-3 text-sm text-muted-foreground">
      <Info className="mt-0.5 size-4 shrink-0" />
      <ul aria-label="Notes about the input" className="grid gap-1">
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </div>
  )
}
