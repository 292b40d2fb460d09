import { type PatentDetail, SimilarityQuerySchema } from '@patentdesk/contract/patents'
import { RotateCw } from 'lucide-react'
import { useDeferredValue } from 'react'
import { useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { BackLink } from '@/components/ui/back-link'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { QueryState } from '@/components/ui/query-state'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { comparisonErrorText, useComparedPatents, useSimilarity } from './api'
import { ComparisonOverviewTab } from './comparison-overview-tab'
import { ComparisonSideBySideTab } from './comparison-side-by-side-tab'
import { SimilarityMatrixTab } from './similarity-matrix-tab'

/** Patent Comparison (docs/product.md, Comparison): 2 to 10 references from ?refs=, read with the contract's
 * own rule. */
export function PatentComparison() {
  const [searchParams] = useSearchParams()
  const refs = SimilarityQuerySchema.safeParse({ refs: searchParams.get('refs') ?? '' })
  return (
    <div className="grid grid-cols-1 gap-6">
      <BackLink to="/serpapi-search">Back to Search</BackLink>
      {refs.success ? (
        <ComparedPatents key={refs.data.refs.join()} references={refs.data.refs} />
      ) : (
        <Card className="p-6 text-sm">{refs.error.issues[0]?.message}</Card>
      )}
    </div>
  )
}

function ComparedPatents({ references }: { references: string[] }) {
  const queries = useComparedPatents(references)
  const similarity = useSimilarity(references)
  const failures = queries.flatMap((query, index) =>
    query.error ? [{ reference: references[index], message: query.error.message }] : [],
  )
  const failed = failures.length > 0
  const patents = queries.flatMap((query): PatentDetail[] => (query.data ? [query.data] : []))
  // The last answer arrives as an urgent update; the tabs it completes render as a transition
  // (docs/decisions/0040).
  const shown = useDeferredValue(patents.length === references.length)

  if (failed) {
    return (
      <div className="grid justify-items-start gap-3">
        <Alert variant="destructive">{comparisonErrorText}</Alert>
        <ul className="grid gap-1 text-sm text-muted-foreground">
          {failures.map(({ reference, message }) => (
            <li key={reference}>
              <span className="font-mono font-medium text-foreground">{reference}</span>: {message}
            </li>
          ))}
        </ul>
        <Button
          variant="outline"
          onClick={() => {
            for (const query of queries) if (query.isError) void query.refetch()
          }}
        >
          <RotateCw />
          Try again
        </Button>
      </div>
    )
  }
  if (!shown || patents.length < references.length) {
    return <p className="text-sm text-muted-foreground">Loading patents...</p>
  }

  return (
    <Tabs defaultValue="overview">
      <TabsList className="h-auto flex-wrap">
        <TabsTrigger value="overview">Overview</TabsTrigger>
        <TabsTrigger value="side-by-side">Side-by-Side</TabsTrigger>
        <TabsTrigger value="matrix">Similarity Matrix</TabsTrigger>
      </TabsList>
      <TabsContent value="overview">
        <ComparisonOverviewTab patents={patents} />
      </TabsContent>
      <TabsContent value="side-by-side">
        <Card className="p-2">
          <ComparisonSideBySideTab patents={patents} />
        </Card>
      </TabsContent>
      <TabsContent value="matrix">
        <Card className="p-6">
          <QueryState query={similarity} loadingText="Computing similarity...">
            {(result) => <SimilarityMatrixTab result={result} />}
          </QueryState>
        </Card>
      </TabsContent>
    </Tabs>
  )
}
