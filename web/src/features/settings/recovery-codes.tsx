import { Copy, Download } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/toast'
import { saveBlob } from '@/lib/save-blob'

const fileText = (codes: string[]) =>
  'PatentDesk recovery codes\n\nEach code signs you in once when your authenticator app is not at hand.\n' +
  `Keep them somewhere safe.\n\n${codes.join('\n')}\n`

/** The ten recovery codes, shown once after enabling 2FA, with Copy and Download (.txt). */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      toast({ title: 'Copied', description: 'The recovery codes are on the clipboard.' })
    } catch {
      toast({ title: 'Copy failed', description: 'Select the codes and copy them.', variant: 'destructive' })
    }
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        Save these recovery codes now: they are shown only this once. Each signs you in one time if you lose
        your authenticator app.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-lg border bg-muted/40 p-3 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          <Copy />
          Copy
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            saveBlob(new Blob([fileText(codes)], { type: 'text/plain' }), 'patentdesk-recovery-codes.txt')
          }
        >
          <Download />
          Download (.txt)
        </Button>
      </div>
    </div>
  )
}
