import type { PatentDetail } from '@patentdesk/contract/patents'
import { useState } from 'react'
import { cn } from '@/lib/utils'
import { EmptyText } from './empty-text'
import { languageName } from './patent-format'

/** The claims in each language published: the English ones (searched and analysed) first. */
function claimVersions(patent: PatentDetail) {
  return [
    { lang: 'en', claims: patent.claims },
    ...patent.otherTexts.map(({ lang, claims }) => ({ lang, claims })),
  ].filter((version) => version.claims.length > 0)
}

/** What a reader must know when no English claims were published: what the search reads of the patent instead. */
export function untranslatedNote(patent: PatentDetail, shown: string) {
  const read = patent.abstract ? 'its English title and abstract' : 'its title'
  return `No English claims were published for this patent; they are shown in ${languageName(shown)}. Search and analysis read ${read}.`
}

export function PatentClaimsTab({ patent }: { patent: PatentDetail }) {
  const versions = claimVersions(patent)
  const [chosen, setChosen] = useState(versions[0]?.lang)
  const version = versions.find((v) => v.lang === chosen) ?? versions[0]
  if (!version) return <EmptyText>Claims information is not available for this patent.</EmptyText>
  return (
    <div className="grid gap-4">
      {patent.claims.length === 0 && (
        <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {untranslatedNote(patent, version.lang)}
        </p>
      )}
      {versions.length > 1 && (
        <fieldset className="flex flex-wrap items-center gap-2 text-sm">
          <legend className="sr-only">Language of the claims</legend>
          {versions.map((v) => (
            <button
              key={v.lang}
              type="button"
              aria-pressed={v.lang === version.lang}
              onClick={() => setChosen(v.lang)}
              className={cn(
                'rounded-full border px-3 py-1 font-medium',
                v.lang === version.lang
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'hover:bg-muted',
              )}
            >
              {languageName(v.lang)}
            </button>
          ))}
        </fieldset>
      )}
      <ol className="grid gap-3" lang={version.lang} aria-label="Claims">
        {version.claims.map((claim, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a claim is known by its number; texts can repeat
          <li key={index} className="flex gap-3 text-sm leading-relaxed">
            <span className="w-8 shrink-0 text-right font-semibold text-muted-foreground">{index + 1}.</span>
            <p className="min-w-0 text-slate-700">{claim}</p>
          </li>
        ))}
      </ol>
    </div>
  )
}
