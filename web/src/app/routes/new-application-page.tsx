import { LoaderCircle } from 'lucide-react'
import { useSessionCheck } from '@/features/auth/api'
import { UnfinishedPage } from './unfinished-page'

export function NewApplicationPage() {
  const { isChecking } = useSessionCheck()
  if (isChecking) {
    return (
      <div role="status" className="flex flex-col items-center gap-2 py-16 text-center">
        <LoaderCircle className="size-6 animate-spin text-primary" />
        <p className="font-medium">Checking authentication</p>
        <p className="text-sm text-muted-foreground">Please wait...</p>
      </div>
    )
  }
  return <UnfinishedPage />
}
