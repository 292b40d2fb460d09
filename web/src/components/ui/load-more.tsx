import { Button } from './button'

type NextPages = {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  isFetchNextPageError: boolean
  error: Error | null
  fetchNextPage: () => Promise<unknown>
}

/** The end of a paged list (an infinite query): its failure to load more, and the button that asks the next page. */
export function LoadMore({ pages }: { pages: NextPages }) {
  return (
    <>
      {pages.isFetchNextPageError && <p className="text-sm text-destructive">{pages.error?.message}</p>}
      {pages.hasNextPage && (
        <div>
          <Button
            variant="outline"
            disabled={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            {pages.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </>
  )
}
