import { EmptyText } from './empty-text'

export function PatentClaimsTab({ claims }: { claims: string[] }) {
  if (claims.length === 0) return <EmptyText>Claims information is not available for this patent.</EmptyText>
  return (
    <ol className="grid gap-3">
      {claims.map((claim, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a claim is known by its number; texts can repeat
        <li key={index} className="flex gap-3 text-sm leading-relaxed">
          <span className="w-8 shrink-0 text-right font-semibold text-muted-foreground">{index + 1}.</span>
          <p className="min-w-0 text-slate-700">{claim}</p>
        </li>
      ))}
    </ol>
  )
}
