import type { PatentDetail } from '@patentdesk/contract/patents'
import { Link } from 'react-router'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { EmptyText } from './empty-text'
import { formatPatentDate } from './patent-format'

/** 'pct-filing' as 'PCT filing'. */
function describeType(type: string) {
  const words = type.replaceAll('-', ' ').replace(/\bpct\b/gi, 'PCT')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export function PatentFamilyTab({ family }: { family: PatentDetail['family'] }) {
  if (family.length === 0) return <EmptyText>No family information available for this patent.</EmptyText>
  return (
    <Table label="Patent family">
      <TableHeader>
        <TableRow>
          <TableHead>Reference</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Date</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {family.map((member) => (
          <TableRow key={`${member.reference}-${member.type}`}>
            <TableCell>
              <Link
                to={`/patent-details/${encodeURIComponent(member.reference)}`}
                className="font-mono font-medium text-primary hover:underline"
              >
                {member.reference}
              </Link>
            </TableCell>
            <TableCell>{describeType(member.type)}</TableCell>
            <TableCell>{formatPatentDate(member.date)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
