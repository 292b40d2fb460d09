import { type PatentDetail, patentMessages } from '@patentdesk/contract/patents'
import { FileQuestion } from 'lucide-react'
import { type ReactNode, useDeferredValue, useState } from 'react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { BackLink } from '@/components/ui/back-link'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { LoadingSkeleton, Skeleton, SkeletonLines } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { detailErrorText, isUnknownReference, usePatentDetail } from './api'
import { PatentCitationsTab } from './patent-citations-tab'
import { PatentClaimsTab } from './patent-claims-tab'
import { PatentClassificationsTab } from './patent-classifications-tab'
import { PatentDetailsHeader } from './patent-details-header'
import { PatentFamilyTab } from './patent-family-tab'
import { PatentOverviewTab } from './patent-overview-tab'

type PatentDetailsProps = {
  reference: string
  /** The Prior art tab's content (the page composes it from the analysis feature), opened by 'Find prior art'. */
  priorArt?: (patent: PatentDetail) => ReactNode
  /** More of the header's buttons, composed by the page from other features (Watch). */
  actions?: (patent: PatentDetail) => ReactNode
}

/** Patent Details (docs/product.md, Patent details). */
export function PatentDetails({ reference, priorArt, actions }: PatentDetailsProps) {
  const detail = usePatentDetail(reference)
  // The answer arrives as an urgent update; the page it fills renders as a transition (docs/decisions/0040).
  const shown = useDeferredValue(detail.data !== undefined)
  const [tab, setTab] = useState('overview')
  // The search runs once asked for, and its tab stays while the page does.
  const [priorArtAsked, setPriorArtAsked] = useState(false)
  const findPriorArt = () => {
    setPriorArtAsked(true)
    setTab('prior-art')
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      <BackLink to="/search">Back to Search</BackLink>
      {detail.isPending || (detail.data && !shown) ? (
        <LoadingSkeleton label="Loading patent details..." className="gap-6">
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-9 w-full max-w-lg" />
          <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <SkeletonLines lines={6} />
            <SkeletonLines lines={8} />
          </div>
        </LoadingSkeleton>
      ) : isUnknownReference(detail.error) ? (
        <PatentNotFound />
      ) : detail.isError ? (
        <Alert variant="destructive">{detailErrorText}</Alert>
      ) : (
        <>
          <PatentDetailsHeader
            patent={detail.data}
            onFindPriorArt={priorArt && findPriorArt}
            actions={actions?.(detail.data)}
          />
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList className="h-auto flex-wrap">
              <TabsTrigger value="overview">Overview</TabsTrigger>
              <TabsTrigger value="claims">Claims</TabsTrigger>
              <TabsTrigger value="family">Patent Family</TabsTrigger>
              <TabsTrigger value="classifications">Classifications</TabsTrigger>
              <TabsTrigger value="citations">Citations</TabsTrigger>
              {priorArtAsked && <TabsTrigger value="prior-art">Prior art</TabsTrigger>}
            </TabsList>
            <Card className="mt-4 p-6">
              <TabsContent value="overview" className="mt-0">
                <PatentOverviewTab patent={detail.data} />
              </TabsContent>
              <TabsContent value="claims" className="mt-0">
                <PatentClaimsTab patent={detail.data} />
              </TabsContent>
              <TabsContent value="family" className="mt-0">
                <PatentFamilyTab family={detail.data.family} />
              </TabsContent>
              <TabsContent value="classifications" className="mt-0">
                <PatentClassificationsTab patent={detail.data} />
              </TabsContent>
              <TabsContent value="citations" className="mt-0">
                <PatentCitationsTab patent={detail.data} />
              </TabsContent>
              {priorArtAsked && priorArt && (
                <TabsContent value="prior-art" className="mt-0">
                  {priorArt(detail.data)}
                </TabsContent>
              )}
            </Card>
          </Tabs>
        </>
      )}
    </div>
  )
}

function PatentNotFound() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <FileQuestion className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">Patent Not Found</h2>
      <p className="max-w-md text-sm text-muted-foreground">{patentMessages.notFound}</p>
      <Button asChild className="mt-2">
        <Link to="/search">Return to Search</Link>
      </Button>
    </Card>
  )
}
