import { type SearchReport, searchReportTexts } from '@patentdesk/contract/analysis'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { SearchReportDownloads } from './search-report-downloads'

/** Which patents count as prior art (the Similar Patents tab says it too). */
export const cutOffText = searchReportTexts.cutOff

/** Category, document, claims: the claims column shows from 640 px, under the document below that. */
const columnClass = ['w-16 sm:w-20', '', 'hidden w-20 sm:table-cell'] as const

const badgeVariant = { X: 'destructive', Y: 'default', E: 'secondary', P: 'secondary', A: 'outline' } as const

/**
 * The search report laid out as the IPO's (Form 9A): Category | Document and relevant passages | Relevant
 * to claims, the date that counts above it and the categories explained below.
 */
export function SearchReportView({ report, subject }: { report: SearchReport; subject: string }) {
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-prose text-xs font-medium">{cutOffText(report.cutOff)}</p>
        <SearchReportDownloads report={report} subject={subject} />
      </div>
      {report.citations.length === 0 ? (
        <p className="text-sm text-muted-foreground">{searchReportTexts.none}</p>
      ) : (
        <table className="w-full table-fixed border-collapse text-sm">
          <caption className="sr-only">{searchReportTexts.heading}</caption>
          <thead>
            <tr className="border-b text-left text-xs text-muted-foreground">
              {searchReportTexts.columns.map((column, i) => (
                <th key={column} scope="col" className={`${columnClass[i]} py-2 pr-2 font-medium`}>
                  {column}
                </th>
              ))}
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
                  <span className="text-xs text-muted-foreground">{searchReportTexts.dates(citation)}</span>
                  {citation.dateNote && <span className="text-xs text-amber-800">{citation.dateNote}</span>}
                  {citation.family.length > 0 && (
                    <span className="text-xs">
                      <span className="font-semibold">&amp;</span> {citation.family.join(', ')}
                    </span>
                  )}
                  <ul className="grid gap-1 text-xs">
                    {searchReportTexts.passages(citation).map(({ key, where, quote }) => (
                      <li key={key}>
                        <span className="text-muted-foreground">{where}</span> {quote}
                      </li>
                    ))}
                  </ul>
                  {/* On a phone the claims go under the document, which keeps the width to be read. */}
                  <span className="text-xs font-medium sm:hidden">
                    {searchReportTexts.columns[2]}: {searchReportTexts.claims(citation.claims)}
                  </span>
                </td>
                <td className={`${columnClass[2]} py-3 tabular-nums`}>
                  {searchReportTexts.claims(citation.claims)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dl aria-label="Categories" className="grid gap-1 text-xs text-muted-foreground">
        {Object.entries(searchReportTexts.legend).map(([category, meaning]) => (
          <div key={category} className="flex gap-2">
            <dt className="w-4 font-semibold text-foreground">{category}</dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
