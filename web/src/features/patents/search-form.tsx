import { zodResolver } from '@hookform/resolvers/zod'
import { parseSearchQuery } from '@patentdesk/contract/search-query'
import { Search } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { SearchInput } from '@/components/ui/search-input'
import { SearchQueryFormSchema } from './search-params'
import { SearchSyntaxHelp } from './search-syntax-help'

type SearchFormProps = {
  query: string
  /** The server's message about the query, when it refused it. */
  serverError?: string
  onSearch: (query: string) => void
  /** The address of the search for another query: where the syntax help's examples go. */
  hrefOf: (query: string) => string
}

/** The query with the character where it cannot be read marked. */
function QueryPlace({ query, position }: { query: string; position: number }) {
  return (
    <p className="overflow-x-auto whitespace-pre font-mono text-xs text-muted-foreground" aria-hidden="true">
      {query.slice(0, position)}
      <mark className="rounded-sm bg-destructive/20 px-px text-destructive">
        {query.slice(position, position + 1) || ' '}
      </mark>
      {query.slice(position + 1)}
    </p>
  )
}

/** The keyword form; a blank (trimmed) query is not submitted (docs/product.md, Search). */
export function SearchForm({ query, serverError, onSearch, hrefOf }: SearchFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
    watch,
  } = useForm({ resolver: zodResolver(SearchQueryFormSchema), defaultValues: { q: query } })
  const error = errors.q?.message ?? serverError
  const typed = watch('q')
  // The place the query cannot be read, marked in the query as typed.
  const parsed = errors.q ? parseSearchQuery(typed.trim()) : undefined
  const problem = parsed && !parsed.ok ? parsed.problem : undefined

  return (
    <search>
      <form onSubmit={handleSubmit(({ q }) => onSearch(q))} noValidate className="grid gap-2">
        <div className="flex gap-2">
          <SearchInput
            aria-label="Search query"
            placeholder="Search patents by keyword, phrase or reference..."
            aria-invalid={error ? true : undefined}
            aria-describedby="search-help"
            className="h-10"
            {...register('q')}
          />
          <Button type="submit" size="lg">
            <Search />
            Search
          </Button>
        </div>
        {error && <p className="text-sm font-medium text-destructive">{error}</p>}
        {problem && <QueryPlace query={typed.trim()} position={problem.position} />}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p id="search-help" className="text-xs text-muted-foreground">
            Use words, <code className="font-mono">"exact phrase"</code>,{' '}
            <code className="font-mono">OR</code>, <code className="font-mono">-word</code>, fields such as{' '}
            <code className="font-mono">TI=(battery)</code>, <code className="font-mono">NEAR/5</code> and{' '}
            <code className="font-mono">batter*</code>.
          </p>
          <SearchSyntaxHelp hrefOf={hrefOf} />
        </div>
      </form>
    </search>
  )
}
