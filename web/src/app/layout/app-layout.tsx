import { Menu, X } from 'lucide-react'
import { Dialog, VisuallyHidden } from 'radix-ui'
import { useState } from 'react'
import { Outlet } from 'react-router'
import { IconButton } from '@/components/ui/icon-button'
import { NotificationBell } from '@/features/notifications/notification-bell'
import type { StoredUser } from '@/lib/session'
import { HeaderSearch } from './header-search'
import { useRouteTitle } from './route-title'
import { Sidebar } from './sidebar'
import { UserMenu } from './user-menu'

/** The shared layout of the signed-in screens (docs/product.md, Layout). */
export function AppLayout({ user }: { user: StoredUser }) {
  const title = useRouteTitle()
  const [menuOpen, setMenuOpen] = useState(false)

  return (
    // The Root spans the layout so the header's button is the dialog's Trigger: Radix then gives the
    // focus back to it when the panel closes, and marks it aria-expanded.
    <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
      <div className="min-h-screen">
        <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r lg:block">
          <Sidebar user={user} />
        </aside>

        {/* Below the lg breakpoint the sidebar is a modal panel over a dimmed overlay. */}
        <Dialog.Portal>
          <Dialog.Overlay
            data-testid="sidebar-overlay"
            className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden"
          />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] border-r shadow-xl focus:outline-none lg:hidden"
          >
            <VisuallyHidden.Root>
              <Dialog.Title>Menu</Dialog.Title>
            </VisuallyHidden.Root>
            <Sidebar user={user} onNavigate={() => setMenuOpen(false)} />
            <Dialog.Close asChild>
              <IconButton label="Close menu" className="absolute top-3.5 right-3">
                <X />
              </IconButton>
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>

        <div className="lg:pl-64">
          <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b bg-card/95 px-4 backdrop-blur sm:px-6">
            <Dialog.Trigger asChild>
              <IconButton label="Open menu" className="-ml-2 lg:hidden">
                <Menu className="size-5" />
              </IconButton>
            </Dialog.Trigger>
            <h1 className="min-w-0 truncate text-lg font-semibold tracking-tight">{title}</h1>
            <div className="ml-auto flex items-center gap-1 sm:gap-2">
              <div className="hidden w-64 sm:block xl:w-80">
                <HeaderSearch />
              </div>
              <NotificationBell />
              <UserMenu user={user} />
            </div>
          </header>
          <main className="mx-auto w-full max-w-7xl p-4 sm:p-6 lg:p-8">
            <Outlet />
          </main>
        </div>
      </div>
    </Dialog.Root>
  )
}
