import type { PatentDetail } from '@patentdesk/contract/patents'
import { ExternalLink } from 'lucide-react'
import { Link } from 'react-router'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { EmptyText } from './empty-text'
import { espacenetSearchUrl, formatPatentDate } from './patent-format'

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
              <FamilyReference member={member} />
            </TableCell>
            <TableCell>{describeType(member.type)}</TableCell>
            <TableCell>{formatPatentDate(member.date)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/** Only a member the corpus holds has a details page here; the others are looked up on Espacenet. */
function FamilyReference({ member }: { member: PatentDetail['family'][number] }) {
  if (member.held) {
    return (
      <Link
        to={`/patent-details/${encodeURIComponent(member.reference)}`}
        className="font-mono font-medium text-primary hover:underline"
      >
        {member.reference}
      </Link>
    )
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2">
      <span className="font-mono font-medium">{member.reference}</span>
      <a
        href={espacenetSearchUrl(member.reference)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Find ${member.reference} on Espacenet (opens in a new tab)`}
        className="inline-flex items-center gap-1 text-xs text-primary hover:underline [&_svg]:size-3"
      >
        Espacenet
        <ExternalLink aria-hidden />
      </a>
    </span>
  )
}
