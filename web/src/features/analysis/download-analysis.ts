import type { AnalysisResult } from '@patentdesk/contract/analysis'

const fileName = 'patent-analysis.json'

/** Saves the result as patent-analysis.json without a request (spec §2). */
export function downloadAnalysis(result: AnalysisResult) {
  const blob = new Blob([JSON.stringify(result, null, 2)], { type: 'application/json' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The click has started the download; revoking at once can cancel it in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
