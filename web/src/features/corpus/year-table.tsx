import { type CorpusCoverage, type OfficeCoverage, officesByDocuments } from '@patentdesk/contract/corpus'
import { formatCount as documentCount } from '@patentdesk/contract/format'
import type { ReactNode } from 'react'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { cn } from '@/lib/utils'

/** The documents filed and those published in a year (or with no such date), of an office or of all. */
type Pair = { filed: number; published: number }

/** A row's own heading: its year, or No date. */
function RowHead({ children }: { children: ReactNode }) {
  return (
    <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-normal tabular-nums">
      {children}
    </th>
  )
}

/**
 * Every year from the first filing or publication to the last, the years with neither included: a gap is
 * coverage too.
 */
function yearsFrom({ years }: CorpusCoverage) {
  if (years.length === 0) return []
  const all = years.map((y) => y.year)
  const first = Math.min(...all)
  return Array.from({ length: Math.max(...all) - first + 1 }, (_, index) => first + index)
}

const sum = (pairs: Pair[]) =>
  pairs.reduce<Pair>(
    (total, { filed, published }) => ({
      filed: total.filed + filed,
      published: total.published + published,
    }),
    { filed: 0, published: 0 },
  )

/** The office's documents without a filing date and those without a publication date. */
function undatedOf(office: OfficeCoverage, { years }: CorpusCoverage): Pair {
  const filed = years.reduce((n, y) => n + (y.country === office.country ? y.filed : 0), 0)
  return { filed: office.documents - filed, published: office.undated }
}

/** A count of a pair; the pair's first cell has a line before it, parting it from the previous pair. */
function CountCell({
  documents,
  first,
  className,
}: {
  documents: number
  first?: boolean
  className?: string
}) {
  return (
    <TableCell
      className={cn(
        'px-2 py-2 text-right tabular-nums sm:px-3',
        first && 'border-l',
        documents === 0 && 'text-muted-foreground',
        className,
      )}
    >
      {documentCount(documents)}
    </TableCell>
  )
}

/** A pair's two cells, Filed then Published. */
function PairCells({ pair, className }: { pair: Pair; className?: string | undefined }) {
  return (
    <>
      <CountCell documents={pair.filed} first className={className} />
      <CountCell documents={pair.published} className={className} />
    </>
  )
}

/** A pair's two headings. */
function PairHead({ className }: { className?: string | undefined }) {
  return (
    <>
      <TableHead className={cn('border-l px-2 text-right sm:px-3', className)}>Filed</TableHead>
      <TableHead className={cn('px-2 text-right sm:px-3', className)}>Published</TableHead>
    </>
  )
}

/**
 * Documents filed and published per year, and a last row for those without a filing or a publication date:
 * a pair of columns per office (most documents first) and, with several offices, a pair of their sums, the
 * only pair a screen narrower than the `lg` breakpoint shows, so that the table fits its width.
 */
export function YearTable({ coverage }: { coverage: CorpusCoverage }) {
  const offices = officesByDocuments(coverage.offices)
  const summed = offices.length > 1
  /** With several offices, their pairs from the `lg` breakpoint only: a narrower screen shows their sums. */
  const officeColumns = summed ? 'hidden lg:table-cell' : undefined
  const counts = new Map(coverage.years.map((y) => [`${y.country} ${y.year}`, y]))
  const pairOf = (country: string, year: number): Pair => {
    const counted = counts.get(`${country} ${year}`)
    return { filed: counted?.filed ?? 0, published: counted?.published ?? 0 }
  }
  const rows = yearsFrom(coverage).map((year) => ({
    key: `${year}`,
    label: `${year}`,
    pairs: offices.map((office) => pairOf(office.country, year)),
  }))
  const undated = offices.map((office) => undatedOf(office, coverage))
  const undatedSum = sum(undated)
  if (undatedSum.filed > 0 || undatedSum.published > 0)
    rows.push({ key: 'undated', label: 'No date', pairs: undated })
  return (
    <Table label="Documents by year">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead rowSpan={2} className="align-bottom">
            Year
          </TableHead>
          {offices.map((office) => (
            <TableHead
              key={office.country}
              colSpan={2}
              className={cn('h-8 border-l text-center', officeColumns)}
            >
              {office.country}
            </TableHead>
          ))}
          {summed && (
            <TableHead colSpan={2} className="h-8 border-l text-center">
              All offices
            </TableHead>
          )}
        </TableRow>
        <TableRow className="hover:bg-transparent">
          {offices.map((office) => (
            <PairHead key={office.country} className={officeColumns} />
          ))}
          {summed && <PairHead />}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(({ key, label, pairs }) => (
          <TableRow key={key}>
            <RowHead>{label}</RowHead>
            {pairs.map((pair, index) => (
              <PairCells key={offices[index]?.country} pair={pair} className={officeColumns} />
            ))}
            {summed && <PairCells pair={sum(pairs)} />}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
