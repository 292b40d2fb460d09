import {
  type AnalysisResult,
  type FeatureLevel,
  featureLevelOf,
  foundFeatureCoverage,
  partlyFeatureCoverage,
} from '@patentdesk/contract/analysis'
import { lazy, Suspense } from 'react'
import { chartColours } from './chart-colours'

const SegmentedBar = lazy(() =>
  import('./novelty-charts').then((module) => ({ default: module.SegmentedBar })),
)

type Feature = AnalysisResult['explanation']['features'][number]

/** The claim chart's levels (a feature's best match among the charted patents). */
const bands: { key: FeatureLevel; label: string; colour: string }[] = [
  {
    key: 'found',
    label: `found (${foundFeatureCoverage}% or more of its terms in one passage)`,
    colour: chartColours.found,
  },
  { key: 'partly', label: `partly found (${partlyFeatureCoverage}% or more)`, colour: chartColours.partly },
  { key: 'absent', label: 'not found', colour: chartColours.primary },
]

/**
 * The invention's features split by how much of each the closest prior-art document holds, as one stacked
 * bar: the share found is what pulls the novelty score down. The sentence and the list carry the counts,
 * so the bar itself is hidden from assistive technology.
 */
export function FeatureShare({ features }: { features: Feature[] }) {
  const counts: Record<FeatureLevel, number> = { found: 0, partly: 0, absent: 0 }
  for (const { coverage } of features) counts[featureLevelOf(coverage)] += 1
  const total = features.length
  const share = Math.round((counts.found / total) * 100)
  return (
    <div className="grid max-w-xl min-w-0 gap-2">
      <p className="text-sm">
        <span className="font-semibold">
          {counts.found} of {total} {total === 1 ? 'feature' : 'features'}
        </span>{' '}
        ({share}%) found in the prior art
      </p>
      <div aria-hidden="true" className="h-4 overflow-hidden rounded-full bg-slate-100">
        <Suspense fallback={null}>
          <SegmentedBar segments={bands.map(({ key, colour }) => ({ key, colour, count: counts[key] }))} />
        </Suspense>
      </div>
      <ul aria-label="Features by coverage" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        {bands.map(({ key, label, colour }) => (
          <li key={key} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ backgroundColor: colour }} />
            {counts[key]} {label}
          </li>
        ))}
      </ul>
    </div>
  )
}
