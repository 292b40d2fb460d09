import { CircleHelp } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from '@/components/ui/popover'

/** Each example finds patents in the shipped corpus, so running one shows what its syntax does. */
const examples = [
  {
    query: 'TI=(battery) AND CPC=H01M',
    meaning: 'battery in the title (AB= abstract, CL= claims, DESC= description), classified in H01M',
  },
  { query: '(bicycle OR tricycle) -helmet', meaning: 'Either word, but not helmet' },
  { query: 'battery NEAR/5 separator', meaning: 'Within 5 words of each other, in either order' },
  { query: '"lithium ion" ADJ/3 electrode', meaning: 'Within 3 words, in this order' },
  { query: 'battery WITH separator', meaning: 'In the same sentence' },
  { query: 'batter* SAME charg*', meaning: 'In the same paragraph; * stands for any ending' },
  { query: 'wom?n', meaning: '? stands for one character: woman, women' },
  { query: 'assignee:samsung', meaning: 'Applicant or assignee' },
  { query: 'inventor:smith', meaning: "Inventor's name" },
  { query: 'battery country:US', meaning: 'Published by this office (US, EP, WO…)' },
  {
    query: 'after:priority:20150101',
    meaning: 'Priority date 1 January 2015 or later (or filing, publication)',
  },
  {
    query: 'CL=(sensor) before:filing:20100101',
    meaning: 'sensor in the claims, filed before 1 January 2010',
  },
  { query: 'CT=US6011579', meaning: 'Patents citing US6011579' },
]

/** The search syntax with an example of each part; an example is a link that runs it. */
export function SearchSyntaxHelp({ hrefOf }: { hrefOf: (query: string) => string }) {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="link" size="sm" className="h-auto p-0 text-xs">
          <CircleHelp aria-hidden />
          Syntax help
        </Button>
      </PopoverTrigger>
      <PopoverContent
        aria-label="Search syntax"
        align="start"
        collisionPadding={8}
        className="max-h-(--radix-popover-content-available-height) w-[min(46rem,calc(100vw-1rem))] overflow-y-auto p-4"
      >
        <p className="text-sm font-semibold">Search syntax</p>
        <p className="mt-1 text-xs text-muted-foreground">
          Words side by side must all match. Group with parentheses, join with AND, OR and NOT. Select an
          example to run it.
        </p>
        <ul className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {examples.map(({ query, meaning }) => (
            <li key={query} className="grid content-start gap-0.5">
              <PopoverClose asChild>
                <Link
                  to={hrefOf(query)}
                  className="w-fit break-all font-mono text-sm text-primary hover:underline"
                >
                  {query}
                </Link>
              </PopoverClose>
              <span className="text-xs text-muted-foreground">{meaning}</span>
            </li>
          ))}
        </ul>
      </PopoverContent>
    </Popover>
  )
}
