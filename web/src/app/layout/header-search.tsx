import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { SearchInput } from '@/components/ui/search-input'

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
        <SearchInput
          aria-label="Search patents"
          placeholder="Search patents..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="bg-slate-50"
        />
      </form>
    </search>
  )
}
