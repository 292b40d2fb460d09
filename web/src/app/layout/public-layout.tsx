import { Outlet } from 'react-router'
import { PublicHeader } from './public-header'
import { useRouteTitle } from './route-title'

/** The public patent screens for a visitor who is not signed in. */
export function PublicLayout() {
  const title = useRouteTitle()
  return (
    <div className="min-h-screen">
      <PublicHeader />
      <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        {title && <h1 className="mb-6 text-2xl font-semibold tracking-tight">{title}</h1>}
        <Outlet />
      </main>
    </div>
  )
}
