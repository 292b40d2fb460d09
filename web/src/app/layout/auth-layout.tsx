import { Outlet } from 'react-router'
import { Logo } from './logo'

export function AuthLayout() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <Logo className="mb-8" />
      <main className="w-full max-w-md">
        <Outlet />
      </main>
    </div>
  )
}
