import { useMutation } from '@tanstack/react-query'
import { downloadFile } from './api-client'

/** A protected file and the name it is saved under. */
export type DownloadTarget = { path: string; fileName: string }

/** Fetches a protected file with the session and saves it; a failure shows as a toast. */
export function useDownload() {
  return useMutation({
    mutationFn: ({ path, fileName }: DownloadTarget) => downloadFile(path, fileName),
    meta: { errorTitle: 'Download failed' },
  })
}
