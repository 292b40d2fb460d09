import { Outlet } from 'react-router'
import { Logo } from './logo'

export function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      {/* The page's landmarks: the logo's banner, then the form (whose card title is the page's h1). */}
      <header className="mb-8">
        <Logo />
      </header>
      <main className="w-full max-w-md">
        <Outlet />
      </main>
    </div>
  )
}
