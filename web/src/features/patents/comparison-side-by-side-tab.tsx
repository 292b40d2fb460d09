import { type PatentDetail, patentLimits } from '@patentdesk/contract/patents'
import type { ReactNode } from 'react'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { cutText, formatNames, formatPatentDate } from './patent-format'

const muted = (text: string) => <span className="text-muted-foreground">{text}</span>

const rows: { label: string; value: (patent: PatentDetail) => ReactNode }[] = [
  { label: 'Title', value: (patent) => <span className="font-semibold">{patent.title}</span> },
  {
    label: 'Abstract',
    value: (patent) =>
      patent.abstract
        ? cutText(patent.abstract, patentLimits.sideBySideCut)
        : muted('No abstract available for this patent.'),
  },
  { label: 'Filing Date', value: (patent) => formatPatentDate(patent.filingDate) },
  { label: 'Publication Date', value: (patent) => formatPatentDate(patent.publicationDate) },
  { label: 'Grant Date', value: (patent) => formatPatentDate(patent.grantDate) },
  { label: 'Applicants', value: (patent) => formatNames(patent.applicants) },
  {
    label: 'First Claim',
    value: ({ claims: [first] }) => first ?? muted('Claims information is not available for this patent.'),
  },
]

/** One column per patent, one row per property, so the same facts line up across patents. */
export function ComparisonSideBySideTab({ patents }: { patents: PatentDetail[] }) {
  return (
    <Table
      label="Side-by-side comparison"
      className="table-fixed"
      style={{ minWidth: `${8 + patents.length * 16}rem` }}
    >
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-40">
            <span className="sr-only">Property</span>
          </TableHead>
          {patents.map((patent) => (
            <TableHead key={patent.reference} scope="col" className="font-mono normal-case">
              {patent.reference}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(({ label, value }) => (
          <TableRow key={label} className="hover:bg-transparent">
            <TableHead scope="row" className="h-auto whitespace-normal py-3 align-top">
              {label}
            </TableHead>
            {patents.map((patent) => (
              <TableCell key={patent.reference} className="align-top leading-relaxed break-words">
                {value(patent)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
