/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The click has started the download; revoking at once can cancel it in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
