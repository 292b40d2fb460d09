import type { AnalysisResult } from '@patentdesk/contract/analysis'
import { Link } from 'react-router'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { InsightSection } from './analysis-insights'
import { describeEngine } from './engine-label'

type Feature = AnalysisResult['explanation']['features'][number]

/** How the figures were reached: each feature's coverage by the prior art, and the engine used. */
export function TechnicalDetailsTab({ result }: { result: AnalysisResult }) {
  const { features } = result.explanation
  return (
    <div className="grid gap-6">
      <InsightSection title="Feature Coverage">
        <p className="text-xs text-muted-foreground">
          Coverage is the share of a feature's distinctive terms found in the closest prior-art document.
        </p>
        {features.length === 0 ? (
          <p className="text-sm text-muted-foreground">No features were identified in the description.</p>
        ) : (
          <Table label="Feature coverage">
            <TableHeader>
              <TableRow>
                <TableHead>Feature</TableHead>
                <TableHead className="w-32">Coverage</TableHead>
                <TableHead className="w-36">Covered By</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {features.map((feature) => (
                <FeatureRow key={feature.text} feature={feature} />
              ))}
            </TableBody>
          </Table>
        )}
      </InsightSection>
      <InsightSection title="Analysis Engine">
        <p className="text-sm text-slate-700">{describeEngine(result.engine)}</p>
      </InsightSection>
    </div>
  )
}

function FeatureRow({ feature: { text, coverage, coveredBy } }: { feature: Feature }) {
  return (
    <TableRow>
      <TableCell className="min-w-48 text-slate-700">{text}</TableCell>
      <TableCell>
        <div className="flex items-center gap-2">
          <span className="h-1.5 w-14 overflow-hidden rounded-full bg-slate-100">
            <span className="block h-full rounded-full bg-primary" style={{ width: `${coverage}%` }} />
          </span>
          <span className="tabular-nums">{coverage}%</span>
        </div>
      </TableCell>
      <TableCell>
        {coveredBy ? (
          <Link
            to={`/patent-details/${encodeURIComponent(coveredBy)}`}
            className="font-mono text-xs text-primary hover:underline"
          >
            {coveredBy}
          </Link>
        ) : (
          <span className="text-muted-foreground">None</span>
        )}
      </TableCell>
    </TableRow>
  )
}
