import type { AnalysisResult, Level } from '@patentdesk/contract/analysis'
import { TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'

type Explanation = AnalysisResult['explanation']

export function InsightSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  )
}

export function KeyTerms({ terms }: { terms: string[] }) {
  if (terms.length === 0) return <p className="text-sm text-muted-foreground">No key terms found.</p>
  return (
    <ul aria-label="Key terms" className="flex flex-wrap gap-1.5">
      {terms.map((term) => (
        <li key={term} className="rounded-full border bg-slate-50 px-2.5 py-0.5 text-xs font-medium">
          {term}
        </li>
      ))}
    </ul>
  )
}

type RiskListProps = { risks: string[]; explanations: Explanation['risks'] }

/**
 * Each risk with the reason the engine gives for it. The offline engine writes an item as
 * '<risk>: <reason>', so a matched item is shown as its two parts; a model may reword it, and then
 * the item is shown as it is.
 */
function explainRisk(item: string, explanations: Explanation['risks']) {
  const match = explanations.find(({ risk }) => item === risk || item.startsWith(`${risk}:`))
  return match ? { risk: match.risk, reason: match.reason } : { risk: item, reason: null }
}

export function RiskList({ risks, explanations }: RiskListProps) {
  if (risks.length === 0) return <p className="text-sm text-muted-foreground">No risks identified.</p>
  return (
    <ul aria-label="Risks and challenges" className="grid gap-2">
      {risks.map((item) => {
        const { risk, reason } = explainRisk(item, explanations)
        return (
          <li
            key={item}
            className="flex gap-2.5 rounded-lg border border-amber-200 bg-amber-50/60 p-3 text-sm"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" />
            <div className="grid gap-1">
              <p className="font-medium">{risk}</p>
              {reason && <p className="text-muted-foreground">{reason}</p>}
            </div>
          </li>
        )
      })}
    </ul>
  )
}

type LevelAssessmentProps = { text: string; level: Level; reasons: string[] }

/**
 * Market potential or technical complexity: its level and why. The offline engine writes the text
 * as '<level>: <reasons>'; what the badge and the list already say is not repeated.
 */
export function LevelAssessment({ text, level, reasons }: LevelAssessmentProps) {
  const statement = text.startsWith(`${level}: `) ? text.slice(level.length + 2) : text
  const unstated = reasons.filter((reason) => !statement.includes(reason))
  return (
    <div className="grid gap-2 rounded-lg border p-3 text-sm">
      <div className="flex items-start justify-between gap-3">
        <p>{statement}</p>
        <Badge variant="secondary">{level}</Badge>
      </div>
      {unstated.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
          {unstated.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** Key terms, then risks with their reasons: the same pair in the analysis result and the administrator's review. */
export function TermsAndRisks({ result: { analysis, explanation } }: { result: AnalysisResult }) {
  return (
    <>
      <InsightSection title="Key Terms">
        <KeyTerms terms={analysis.keyTerms} />
      </InsightSection>
      <InsightSection title="Risks and Challenges">
        <RiskList risks={analysis.risksAndChallenges} explanations={explanation.risks} />
      </InsightSection>
    </>
  )
}
