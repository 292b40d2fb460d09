import type { AnalysisResult } from '@patentdesk/contract/analysis'
import { lazy, Suspense } from 'react'
import { FeatureShare } from './feature-share'

const GaugeRing = lazy(() => import('./novelty-charts').then((module) => ({ default: module.GaugeRing })))

type Feature = AnalysisResult['explanation']['features'][number]
type NoveltyGaugeProps = { score: number; features?: Feature[] }

// A fixed size: the gauge reads the same on every screen, and its box holds the place while the ring loads.
const width = 152
const height = 84

/**
 * The novelty score out of 100 as a half ring filled to the score, the number beneath its arch; given the
 * invention's features, how many of them the prior art already holds, which is what lowers the score.
 */
export function NoveltyGauge({ score, features }: NoveltyGaugeProps) {
  const value = Math.min(Math.max(score, 0), 100)
  return (
    <figure className="grid gap-4">
      <div className="flex items-center gap-4">
        <div className="relative shrink-0" style={{ width, height }}>
          {/* The number below says what the ring shows, so the ring is hidden from assistive technology. */}
          <div aria-hidden="true">
            <Suspense fallback={null}>
              <GaugeRing value={value} width={width} height={height} />
            </Suspense>
          </div>
          <p className="absolute inset-x-0 bottom-1 flex items-baseline justify-center gap-1 leading-none">
            <span className="text-2xl font-semibold tabular-nums">{score}</span>
            <span className="text-xs text-muted-foreground">/ 100</span>
          </p>
        </div>
        <figcaption className="grid gap-1">
          <span className="text-sm font-semibold">Novelty Score</span>
          <span className="text-xs text-muted-foreground">
            Out of 100: the higher, the more novel the invention appears.
          </span>
        </figcaption>
      </div>
      {features && features.length > 0 && <FeatureShare features={features} />}
    </figure>
  )
}
