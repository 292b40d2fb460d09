import { ExternalLink, Info } from 'lucide-react'

const patentManualUrl = 'https://www.gov.uk/guidance/manual-of-patent-practice-mopp'

export function GuidelinesInfo() {
  return (
    <aside
      aria-labelledby="guidelines-heading"
      className="flex gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900"
    >
      <Info className="mt-0.5 size-4 shrink-0 text-primary" />
      <div className="grid gap-1">
        <h2 id="guidelines-heading" className="font-semibold">
          UK Patent Application Guidelines
        </h2>
        <p>
          Describe the invention so that a skilled person could carry it out, and make each claim a single
          sentence that defines what you want to protect. The UK Intellectual Property Office explains the
          rules in its manual.
        </p>
        <a
          href={patentManualUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex w-fit items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
        >
          Manual of Patent Practice (UK IPO)
          <ExternalLink className="size-3.5" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </div>
    </aside>
  )
}
