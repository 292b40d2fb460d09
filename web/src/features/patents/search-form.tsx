import { zodResolver } from '@hookform/resolvers/zod'
import { Search } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { SearchInput } from '@/components/ui/search-input'
import { SearchQueryFormSchema } from './search-params'

type SearchFormProps = {
  query: string
  /** The server's message about the query, when it refused it. */
  serverError?: string
  onSearch: (query: string) => void
}

/** The keyword form; a blank (trimmed) query is not submitted (docs/product.md, Search). */
export function SearchForm({ query, serverError, onSearch }: SearchFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(SearchQueryFormSchema), defaultValues: { q: query } })
  const error = errors.q?.message ?? serverError

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
        <p id="search-help" className="text-xs text-muted-foreground">
          Use words, <code className="font-mono">"exact phrase"</code>, <code className="font-mono">OR</code>{' '}
          between alternatives and <code className="font-mono">-word</code> to exclude a word.
        </p>
      </form>
    </search>
  )
}
