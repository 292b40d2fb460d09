import { useEffect, useState } from 'react'

const storageKey = 'patentdesk.compare-selection'

// Kept for the tab's session, so ticks survive paging, a new query and a visit to a details page.
function readStored() {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]')
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
  } catch {
    return []
  }
}

export type CompareSelection = ReturnType<typeof useCompareSelection>

export function useCompareSelection() {
  const [selected, setSelected] = useState<string[]>(readStored)

  useEffect(() => {
    sessionStorage.setItem(storageKey, JSON.stringify(selected))
  }, [selected])

  function toggle(reference: string, checked: boolean) {
    setSelected((list) => {
      if (!checked) return list.filter((item) => item !== reference)
      return list.includes(reference) ? list : [...list, reference]
    })
  }

  return { selected, toggle, clear: () => setSelected([]) }
}

export const comparisonUrl = (references: string[]) =>
  `/patent-comparison?refs=${references.map(encodeURIComponent).join(',')}`
