import { ChevronDown, LogOut, Settings, UserRound } from 'lucide-react'
import { Link } from 'react-router'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { IconButton } from '@/components/ui/icon-button'
import { useLogout } from '@/features/auth/api'
import type { StoredUser } from '@/lib/session'
import { initialsOf, UserAvatar } from './user-avatar'

export function UserMenu({ user }: { user: StoredUser }) {
  const logout = useLogout()
  const initials = initialsOf(user.fullName)
  return (
    // Not modal: a modal menu hides the page with aria-hidden while its links stay focusable
    // (axe aria-hidden-focus). The menu still keeps Tab inside, closes on Escape or outside, and
    // gives focus back to this button.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <IconButton label="User menu" visibleText={initials} size="default" className="gap-2 px-2">
          <UserAvatar initials={initials} className="size-8 text-xs" />
          <ChevronDown className="hidden text-muted-foreground sm:block" />
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="font-normal">
          <p className="text-sm font-medium">{user.fullName || 'User'}</p>
          <p className="text-xs text-muted-foreground">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserRound />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
