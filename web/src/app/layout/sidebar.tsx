import {
  Bookmark,
  BrainCircuit,
  FilePlus,
  FileText,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  Search,
  Settings,
  ShieldCheck,
  UserRound,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { NavLink } from 'react-router'
import { useLogout } from '@/features/auth/api'
import type { StoredUser } from '@/lib/session'
import { cn } from '@/lib/utils'
import { Logo } from './logo'
import { initialsOf, UserAvatar } from './user-avatar'

type NavItem = { to: string; label: string; icon: LucideIcon }

const mainLinks: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/patents', label: 'My Patents', icon: FileText },
  { to: '/new-application', label: 'New Application', icon: FilePlus },
  { to: '/serpapi-search', label: 'Patent Search', icon: Search },
  { to: '/saved-searches', label: 'Saved Searches', icon: Bookmark },
  { to: '/patent-analysis', label: 'Patent Analysis', icon: BrainCircuit },
]
const adminLinks: NavItem[] = [{ to: '/admin', label: 'Admin Dashboard', icon: ShieldCheck }]
const accountLinks: NavItem[] = [
  { to: '/profile', label: 'Profile', icon: UserRound },
  { to: '/settings', label: 'Settings', icon: Settings },
]

const itemClass =
  'flex w-full cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors [&_svg]:size-4 [&_svg]:shrink-0'

type SidebarProps = { user: StoredUser; onNavigate?: () => void }

export function Sidebar({ user, onNavigate }: SidebarProps) {
  const logout = useLogout()
  return (
    <div className="flex h-full flex-col bg-card">
      <div className="flex h-16 items-center border-b px-5">
        <Logo to="/dashboard" />
      </div>
      <nav aria-label="Main" className="flex min-h-0 flex-1 flex-col">
        <div className="flex-1 space-y-6 overflow-y-auto px-3 py-4">
          <NavSection items={mainLinks} onNavigate={onNavigate} />
          {user.isAdmin && <NavSection heading="ADMIN" items={adminLinks} onNavigate={onNavigate} />}
          <NavSection heading="ACCOUNT" items={accountLinks} onNavigate={onNavigate}>
            <li>
              <button
                type="button"
                className={cn(itemClass, 'text-slate-600 hover:bg-accent hover:text-foreground')}
                disabled={logout.isPending}
                onClick={() => logout.mutate()}
              >
                <LogOut />
                Logout
              </button>
            </li>
          </NavSection>
        </div>
        <div className="flex items-center gap-3 border-t p-4">
          <UserAvatar initials={initialsOf(user.fullName)} />
          <div className="min-w-0">
            <p className="truncate text-sm font-medium">{user.fullName || 'User'}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
          </div>
        </div>
      </nav>
    </div>
  )
}

type NavSectionProps = { heading?: string; items: NavItem[]; onNavigate?: () => void; children?: ReactNode }

function NavSection({ heading, items, onNavigate, children }: NavSectionProps) {
  return (
    <div>
      {heading && (
        <p className="mb-2 px-3 text-xs font-semibold tracking-wider text-muted-foreground">{heading}</p>
      )}
      <ul className="space-y-1">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  itemClass,
                  isActive
                    ? 'bg-blue-50 text-primary'
                    : 'text-slate-600 hover:bg-accent hover:text-foreground',
                )
              }
            >
              <Icon />
              {label}
            </NavLink>
          </li>
        ))}
        {children}
      </ul>
    </div>
  )
}
