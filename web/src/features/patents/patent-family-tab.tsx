import type { PatentDetail } from '@patentdesk/contract/patents'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { EmptyText } from './empty-text'
import { formatPatentDate } from './patent-format'
import { ReferenceLink } from './reference-link'

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
              <ReferenceLink reference={member.reference} held={member.held} />
            </TableCell>
            <TableCell>{describeType(member.type)}</TableCell>
            <TableCell>{formatPatentDate(member.date)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
