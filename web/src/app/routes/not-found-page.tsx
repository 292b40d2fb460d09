import { FileQuestion, House } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-blue-50 text-primary">
        <FileQuestion className="size-7" />
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">404 Page Not Found</h1>
      <p className="max-w-md text-muted-foreground">
        The page you are looking for does not exist or has been moved.
      </p>
      <Button asChild className="mt-2">
        <Link to="/">
          <House />
          Back to home
        </Link>
      </Button>
    </main>
  )
}
