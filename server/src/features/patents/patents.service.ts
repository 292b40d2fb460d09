import type { Db } from '~/db/database'
import type { PriorArtIndex } from '~/engine/prior-art-index'
import type { PatentSource } from '~/providers/patent-sources/types'
import { createComparison } from './comparison.service'
import { createPatentDetails } from './patent-details.service'
import { createPatentSearch } from './patent-search.service'
import { findHeldReferences } from './patents.repo'

/**
 * Public patent data, one part per job: the search box (external sources first, then the corpus), a
 * patent's details, and the comparison of several.
 */
export function createPatentsService({
  db,
  index,
  sources = [],
  publicUrl,
}: {
  db: Db
  /** The patent index: the search box and the comparison's terms (docs/decisions/0014). */
  index: Pick<PriorArtIndex, 'search' | 'weigh'>
  sources?: PatentSource[]
  /** Where the web client is served: the export's links. */
  publicUrl: string
}) {
  const details = createPatentDetails({ db, sources })
  const { search, exportCsv } = createPatentSearch({ db, index, sources, publicUrl })
  const { similarity } = createComparison({ details, index })
  return {
    search,
    exportCsv,
    details: details.details,
    similarity,
    /** Which of the references the corpus holds, however each is written. */
    held: (references: string[]) => findHeldReferences(db, references),
  }
}

export type PatentsService = ReturnType<typeof createPatentsService>
