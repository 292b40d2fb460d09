import { useEffect, useState } from 'react'
import { useNavigation } from 'react-router'

/** Loads quicker than this show nothing, so a fast navigation does not flash the bar. */
const delayMs = 200

function useDelayed(active: boolean) {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!active) {
      setShown(false)
      return
    }
    const timer = setTimeout(() => setShown(true), delayMs)
    return () => clearTimeout(timer)
  }, [active])
  return active && shown
}

/** A thin bar fixed over the top edge: it takes no room, so the page under it does not move. */
function LoadingBar() {
  return (
    <div
      role="progressbar"
      aria-label="Loading the page"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-primary motion-reduce:animate-none"
    />
  )
}

/** While a navigation loads the next page's code (or runs a loader), after a short delay. */
export function RouteLoadingBar() {
  const navigation = useNavigation()
  return useDelayed(navigation.state === 'loading') ? <LoadingBar /> : null
}

/** The first page's code is still loading: the bar, after the same delay, on an otherwise empty page. */
export function InitialLoadingBar() {
  return useDelayed(true) ? <LoadingBar /> : null
}
