import { Download, type LucideIcon } from 'lucide-react'
import type { ComponentProps } from 'react'
import { Button } from '@/components/ui/button'
import { type DownloadTarget, useDownload } from '@/lib/use-download'

type DownloadButtonProps = Omit<ComponentProps<typeof Button>, 'onClick' | 'children'> & {
  target: DownloadTarget
  label: string
  icon?: LucideIcon
}

/** Fetches a protected file with the session and saves it; a failure shows as a toast. */
export function DownloadButton({
  target,
  label,
  icon: Icon = Download,
  disabled,
  ...props
}: DownloadButtonProps) {
  const download = useDownload()
  return (
    <Button
      variant="outline"
      disabled={disabled || download.isPending}
      onClick={() => download.mutate(target)}
      {...props}
    >
      <Icon />
      {label}
    </Button>
  )
}
