import type { CitationCategory, CutOff, SearchReport } from '@patentdesk/contract/analysis'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { formatPatentDate } from '@/features/patents'

/** Which patents count as prior art: those filed before the date that counts (and, with two dates, E and P). */
export function cutOffText({ date, basis, filingDate }: CutOff) {
  const shown = formatPatentDate(date)
  if (basis === 'today')
    return `Only patents filed before today (${shown}) are prior art: no priority or filing date was given.`
  if (filingDate)
    return `Prior art is what was made public before ${shown}, the priority date; patents filed before ${formatPatentDate(filingDate)}, the filing date, and made public later are cited as P or E.`
  return `Only patents filed before ${shown}, the ${basis}, are prior art.`
}

/** The categories as the Intellectual Property Office's search report explains them. */
const legend: Record<CitationCategory | '&', string> = {
  X: 'Taken alone, the document takes away the novelty or inventive step of the claims listed.',
  Y: 'Combined with the other document named, it takes away the inventive step of the claims listed.',
  E: 'An earlier patent document made public on or after the filing date: it stands against novelty only.',
  P: 'Made public between the priority date and the filing date: prior art if the priority is not valid.',
  A: 'Technological background: the document holds some features of the claims listed.',
  '&': 'A member of the same patent family as the document it is listed under.',
}

const badgeVariant = { X: 'destructive', Y: 'default', E: 'secondary', P: 'secondary', A: 'outline' } as const

/**
 * The search report laid out as the IPO's (Form 9A): Category | Document and relevant passages | Relevant
 * to claims, the date that counts above it and the categories explained below.
 */
export function SearchReportView({ report }: { report: SearchReport }) {
  return (
    <div className="grid gap-4">
      <p className="text-xs font-medium">{cutOffText(report.cutOff)}</p>
      {report.citations.length === 0 ? (
        <p className="text-sm text-muted-foreground">No charted document holds a feature of the claims.</p>
      ) : (
        <table className="w-full table-fixed border-collapse text-sm">
          <caption className="sr-only">Search report</caption>
          <thead>
            <tr className="border-b text-left text-xs text-muted-foreground">
              <th scope="col" className="w-20 py-2 pr-2 font-medium">
                Category
              </th>
              <th scope="col" className="py-2 pr-2 font-medium">
                Document and relevant passages
              </th>
              <th scope="col" className="w-20 py-2 font-medium">
                Relevant to claims
              </th>
            </tr>
          </thead>
          <tbody>
            {report.citations.map((citation) => (
              <tr key={citation.reference} className="border-b align-top">
                <td className="py-3 pr-2">
                  <Badge variant={badgeVariant[citation.category]}>{citation.category}</Badge>
                </td>
                <td className="grid gap-1.5 py-3 pr-2 break-words">
                  <span>
                    <Link
                      to={`/patent-details/${encodeURIComponent(citation.reference)}`}
                      className="font-mono text-xs underline-offset-2 hover:underline"
                    >
                      {citation.reference}
                    </Link>{' '}
                    <span className="font-medium">{citation.title}</span>
                  </span>
                  <span className="text-xs text-muted-foreground">
                    Filed {formatPatentDate(citation.filingDate)}
                    {citation.publicationDate && `, published ${formatPatentDate(citation.publicationDate)}`}
                    {citation.combinedWith.length > 0 && `; with ${citation.combinedWith.join(', ')}`}
                  </span>
                  {citation.dateNote && <span className="text-xs text-amber-800">{citation.dateNote}</span>}
                  {citation.family.length > 0 && (
                    <span className="text-xs">
                      <span className="font-semibold">&amp;</span> {citation.family.join(', ')}
                    </span>
                  )}
                  <ul className="grid gap-1 text-xs">
                    {citation.passages.map((passage) => (
                      <li key={passage.featureId}>
                        <span className="text-muted-foreground">
                          {passage.location}, for {passage.featureId}:
                        </span>{' '}
                        “{passage.text}”
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="py-3 tabular-nums">{citation.claims.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl aria-label="Categories" className="grid gap-1 text-xs text-muted-foreground">
        {Object.entries(legend).map(([category, meaning]) => (
          <div key={category} className="flex gap-2">
            <dt className="w-4 font-semibold text-foreground">{category}</dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
