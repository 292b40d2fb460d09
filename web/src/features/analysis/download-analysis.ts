import type { AnalysisResult } from '@patentdesk/contract/analysis'
import { saveBlob } from '@/lib/save-blob'

const fileName = 'patent-analysis.json'

/** Saves the result as patent-analysis.json without a request (docs/product.md, Analysis). */
export function downloadAnalysis(result: AnalysisResult) {
  saveBlob(new Blob([JSON.stringify(result, null, 2)], { type: 'application/json' }), fileName)
}
