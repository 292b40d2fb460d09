import { apiKeyNames } from '@patentdesk/contract/settings'
import { Mail } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog'

/** Keys live in the server's environment, so a request goes to whoever runs the server; nothing is sent from here. */
export function RequestApiKeyDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Mail />
          Request API Key
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Request an API key"
        description="PatentDesk cannot issue or store keys from this page."
      >
        <div className="grid gap-3 text-sm text-slate-700">
          <p>
            Each external source issues its own key. Ask your system administrator to obtain the key from the
            source and set it as an environment variable of the PatentDesk server, then restart it:
          </p>
          <ul className="flex flex-wrap gap-2">
            {apiKeyNames.map((name) => (
              <li key={name} className="rounded bg-muted px-2 py-0.5 font-mono text-xs">
                {name}
              </li>
            ))}
          </ul>
          <p>The source shows as configured here once the server has its key.</p>
        </div>
      </DialogContent>
    </Dialog>
  )
}
