import { corpusTexts, type OfficeCoverage, officesByDocuments, yearSpan } from '@patentdesk/contract/corpus'
import { formatCount as documentCount } from '@patentdesk/contract/format'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { cn } from '@/lib/utils'

/** 2001–2023, 2021 alone, or a dash when the office has no such year. */
const yearsOf = (first: number | null, last: number | null) =>
  first === null || last === null ? '–' : yearSpan(first, last)

/**
 * Narrower cells on a phone, none before the first column and after the last it shows, so that the four
 * columns it shows fit its width (390 px).
 */
const cell = 'px-1.5 sm:px-3'
const firstCell = 'max-sm:pl-0'
const lastOnPhone = 'max-sm:pr-0'

function KindList({ kinds }: Pick<OfficeCoverage, 'kinds'>) {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1">
      {kinds.map(({ kind, documents }) => (
        <li key={kind ?? ''} className="whitespace-nowrap">
          {kind === null ? (
            <span className="text-muted-foreground">unknown</span>
          ) : (
            <span className="font-mono text-xs">{kind}</span>
          )}{' '}
          <span className="tabular-nums text-muted-foreground">({documentCount(documents)})</span>
        </li>
      ))}
    </ul>
  )
}

/**
 * A row per office, most documents first: its documents, the years they were filed and published in, how
 * many have no publication date, and their kinds. From the `sm` breakpoint the last two are columns of their
 * own; on a phone they are a row under the office's, so that the four other columns fit its width.
 */
export function OfficeTable({ offices }: { offices: OfficeCoverage[] }) {
  return (
    <Table label="Documents by office">
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className={cn(cell, firstCell)}>Office</TableHead>
          <TableHead className={cn(cell, 'text-right')}>Documents</TableHead>
          <TableHead className={cell}>Filed</TableHead>
          <TableHead className={cn(cell, lastOnPhone)}>Published</TableHead>
          <TableHead className={cn(cell, 'hidden text-right sm:table-cell')}>Undated</TableHead>
          <TableHead className={cn(cell, 'hidden sm:table-cell')}>Kinds</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {officesByDocuments(offices).flatMap((office) => [
          <TableRow key={office.country} className="max-sm:border-b-0 sm:[&:nth-last-child(2)]:border-0">
            <TableCell className={cn(cell, firstCell, 'font-mono text-xs font-semibold')}>
              {office.country}
            </TableCell>
            <TableCell className={cn(cell, 'text-right tabular-nums')}>
              {documentCount(office.documents)}
            </TableCell>
            <TableCell className={cn(cell, 'whitespace-nowrap tabular-nums')}>
              {yearsOf(office.firstFiled, office.lastFiled)}
            </TableCell>
            <TableCell className={cn(cell, lastOnPhone, 'whitespace-nowrap tabular-nums')}>
              {yearsOf(office.firstYear, office.lastYear)}
            </TableCell>
            <TableCell className={cn(cell, 'hidden text-right tabular-nums sm:table-cell')}>
              {documentCount(office.undated)}
            </TableCell>
            <TableCell className={cn(cell, 'hidden min-w-40 sm:table-cell')}>
              <KindList kinds={office.kinds} />
            </TableCell>
          </TableRow>,
          <TableRow key={`${office.country} more`} className="hover:bg-transparent sm:hidden">
            <TableCell colSpan={4} className={cn(cell, firstCell, lastOnPhone, 'pt-0')}>
              {office.undated > 0 && (
                <p className="mb-1 tabular-nums text-muted-foreground">
                  {documentCount(office.undated)} {corpusTexts.undated}
                </p>
              )}
              <span className="sr-only">Kinds: </span>
              <KindList kinds={office.kinds} />
            </TableCell>
          </TableRow>,
        ])}
      </TableBody>
    </Table>
  )
}
