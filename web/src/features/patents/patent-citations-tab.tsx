import { formatCount } from '@patentdesk/contract/format'
import type { CitationEntry, PatentDetail } from '@patentdesk/contract/patents'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { EmptyText } from './empty-text'
import { formatPatentDate } from './patent-format'
import { ReferenceLink } from './reference-link'

/** Where a citation came from, as a search report's reader knows the phases. */
const PHASES: Record<string, string> = {
  search: 'Search report',
  examination: 'Examination',
  applicant: "Applicant's list",
  opposition: 'Opposition',
  'third party': 'Third party',
  'pre-grant search': 'Pre-grant search',
}

function CitationItem({ citation }: { citation: CitationEntry }) {
  const facts = [
    citation.category && `Category ${citation.category}`,
    citation.claims && `claims ${citation.claims}`,
    citation.phase && (PHASES[citation.phase] ?? citation.phase),
  ].filter(Boolean)
  return (
    <li className="grid gap-1 border-b py-2.5 text-sm last:border-b-0">
      {citation.reference ? (
        <ReferenceLink reference={citation.reference} held={citation.held} />
      ) : (
        <span className="break-words">{citation.text}</span>
      )}
      {facts.length > 0 && <span className="text-xs text-muted-foreground">{facts.join(' · ')}</span>}
      {citation.passage && <span className="text-xs text-slate-600">{citation.passage}</span>}
    </li>
  )
}

/**
 * The documents a patent cites (with a search report's categories and the claims they concern) and the
 * corpus's patents that cite it, the latest first: a tab each, named with its count. A patent that cites
 * nothing but is cited opens on the patents citing it.
 */
export function PatentCitationsTab({ patent }: { patent: PatentDetail }) {
  const { citations, citedBy } = patent
  const more = citedBy.total - citedBy.patents.length
  const citesName = `Cites (${formatCount(citations.length)})`
  const citedByName = `Cited by (${formatCount(citedBy.total)})`
  return (
    <Tabs defaultValue={citations.length === 0 && citedBy.total > 0 ? 'cited-by' : 'cites'}>
      <TabsList className="h-auto flex-wrap">
        <TabsTrigger value="cites">{citesName}</TabsTrigger>
        <TabsTrigger value="cited-by">{citedByName}</TabsTrigger>
      </TabsList>
      <TabsContent value="cites">
        {citations.length === 0 ? (
          <EmptyText>No citations are recorded for this patent.</EmptyText>
        ) : (
          <ul aria-label={citesName}>
            {citations.map((citation, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one document can be cited in several phases
              <CitationItem key={index} citation={citation} />
            ))}
          </ul>
        )}
      </TabsContent>
      <TabsContent value="cited-by" className="grid gap-2">
        {citedBy.total === 0 ? (
          <EmptyText>No patent in the corpus cites this one.</EmptyText>
        ) : (
          <ul aria-label={citedByName}>
            {citedBy.patents.map((citing) => (
              <li key={citing.reference} className="grid gap-0.5 border-b py-2.5 text-sm last:border-b-0">
                <ReferenceLink reference={citing.reference} held />
                <span className="text-slate-700">{citing.title}</span>
                <span className="text-xs text-muted-foreground">
                  {formatPatentDate(citing.publicationDate)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {more > 0 && (
          <p className="text-xs text-muted-foreground">
            and {formatCount(more)} more; the latest {citedBy.patents.length} are listed.
          </p>
        )}
      </TabsContent>
    </Tabs>
  )
}
