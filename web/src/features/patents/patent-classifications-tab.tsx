import type { Classification, PatentDetail } from '@patentdesk/contract/patents'
import { CornerDownRight } from 'lucide-react'
import { cn } from '@/lib/utils'
import { EmptyText } from './empty-text'

const schemes = ['CPC', 'IPC'] as const

type Step = { code: string; title: string | null }
type SubclassGroup = { subclass: Step; items: { code: string; steps: Step[] }[] }

/** The described classifications, or the bare codes when the server had no titles for them. */
function classificationsOf({ classifications, cpc, ipc }: PatentDetail): Classification[] {
  if (classifications.length > 0) return classifications
  const bare = (scheme: Classification['scheme']) => (code: string) => ({
    code,
    scheme,
    title: null,
    path: [],
  })
  return [...cpc.map(bare('CPC')), ...ipc.map(bare('IPC'))]
}

/**
 * Codes under their subclass (its title said once), each with the titled path below it down to the
 * code; a code without a title of its own ends its path bare.
 */
function groupBySubclass(items: Classification[]) {
  const groups = new Map<string, SubclassGroup>()
  for (const { code, path } of items) {
    const subclassCode = code.slice(0, 4)
    const subclass = path.find((step) => step.code === subclassCode) ?? { code: subclassCode, title: null }
    const below: Step[] = path.filter((step) => step.code !== subclassCode)
    const steps =
      code === subclassCode || below.at(-1)?.code === code ? below : [...below, { code, title: null }]
    const group = groups.get(subclassCode) ?? { subclass, items: [] }
    group.items.push({ code, steps })
    groups.set(subclassCode, group)
  }
  return [...groups.values()]
}

export function PatentClassificationsTab({ patent }: { patent: PatentDetail }) {
  const all = classificationsOf(patent)
  if (all.length === 0) {
    return <EmptyText>No classification information available for this patent.</EmptyText>
  }
  return (
    <div className="grid gap-6">
      {schemes.map((scheme) => {
        const items = all.filter((item) => item.scheme === scheme)
        if (items.length === 0) return null
        return (
          <section key={scheme} aria-labelledby={`${scheme}-heading`} className="grid gap-3">
            <h3 id={`${scheme}-heading`} className="text-base font-semibold">
              {scheme} ({items.length})
            </h3>
            <ul className="grid gap-3">
              {groupBySubclass(items).map((group) => (
                <SubclassItem key={group.subclass.code} group={group} />
              ))}
            </ul>
          </section>
        )
      })}
    </div>
  )
}

function SubclassItem({ group: { subclass, items } }: { group: SubclassGroup }) {
  return (
    <li className="grid gap-2 rounded-lg border p-3 text-sm">
      <StepLine step={subclass} emphasised={false} />
      {items.map(
        ({ code, steps }) =>
          steps.length > 0 && (
            <ol key={code} aria-label={`${code} hierarchy`} className="grid gap-1.5">
              {steps.map((step, depth) => (
                <li key={step.code} style={{ paddingLeft: `${depth * 1.25}rem` }} className="flex gap-2">
                  <CornerDownRight
                    aria-hidden="true"
                    className="mt-0.5 size-3.5 shrink-0 text-muted-foreground"
                  />
                  <StepLine step={step} emphasised={depth === steps.length - 1} />
                </li>
              ))}
            </ol>
          ),
      )}
    </li>
  )
}

function StepLine({ step, emphasised }: { step: Step; emphasised: boolean }) {
  return (
    <span className={cn('flex gap-2', emphasised ? 'font-medium text-foreground' : 'text-muted-foreground')}>
      <code className="shrink-0 font-mono font-semibold">{step.code}</code>
      {step.title ? (
        <span className="min-w-0">{step.title}</span>
      ) : (
        <span className="font-normal italic text-muted-foreground">No title available</span>
      )}
    </span>
  )
}
