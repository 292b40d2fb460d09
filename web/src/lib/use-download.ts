import { useMutation } from '@tanstack/react-query'
import { downloadFile } from './api-client'

/** A protected file and the name it is saved under; with a body, the file the server makes of it. */
export type DownloadTarget = { path: string; fileName: string; body?: unknown }

/** Fetches a protected file with the session and saves it; a failure shows as a toast. */
export function useDownload() {
  return useMutation({
    mutationFn: ({ path, fileName, body }: DownloadTarget) => downloadFile(path, fileName, body),
    meta: { errorTitle: 'Download failed' },
  })
}
