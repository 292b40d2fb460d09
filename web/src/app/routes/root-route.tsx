import { useEffect } from 'react'
import { Outlet, ScrollRestoration } from 'react-router'
import { useRouteTitle } from '../layout/route-title'

export function RootRoute() {
  const title = useRouteTitle()
  useEffect(() => {
    document.title = title ? `${title} · PatentDesk` : 'PatentDesk'
  }, [title])
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  )
}
