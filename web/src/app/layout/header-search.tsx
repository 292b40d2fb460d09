import { Search } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { Input } from '@/components/ui/input'

export function HeaderSearch() {
  const navigate = useNavigate()
  const [query, setQuery] = useState('')

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const trimmed = query.trim()
    if (trimmed) navigate(`/search?q=${encodeURIComponent(trimmed)}`)
  }

  return (
    <search className="relative block w-full">
      <form onSubmit={onSubmit}>
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          aria-label="Search patents"
          placeholder="Search patents..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="bg-slate-50 pl-9"
        />
      </form>
    </search>
  )
}
