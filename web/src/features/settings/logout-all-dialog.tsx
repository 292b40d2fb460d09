import { LogOut } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogActions, DialogContent, DialogTrigger } from '@/components/ui/dialog'
import { useLogoutAllSessions } from './api'

export function LogoutAllDialog() {
  const logoutAll = useLogoutAllSessions()
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="destructive">
          <LogOut />
          Logout All Sessions
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Log out of every session?"
        description="Every device and browser signed in to your account is signed out, this one included. You will need to log in again."
      >
        <DialogActions>
          <Button variant="destructive" disabled={logoutAll.isPending} onClick={() => logoutAll.mutate()}>
            {logoutAll.isPending ? 'Logging out...' : 'Log Out Everywhere'}
          </Button>
        </DialogActions>
      </DialogContent>
    </Dialog>
  )
}
