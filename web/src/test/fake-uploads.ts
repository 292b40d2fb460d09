import { vi } from 'vitest'

type Answer = { status: number; body: unknown }
export type UploadRequest = { method: string; path: string; body: FormData; headers: Record<string, string> }

/**
 * Stands in for XMLHttpRequest, the one thing jsdom cannot serve: each upload reports progress at a
 * half and at the whole body, then gets the answer `answer` gives (it may wait, to hold an upload open).
 */
export function fakeUploads(answer: (request: UploadRequest) => Answer | Promise<Answer>) {
  const requests: UploadRequest[] = []
  class FakeXhr {
    status = 0
    statusText = ''
    responseText = ''
    withCredentials = false
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    onabort: (() => void) | null = null
    private request: UploadRequest = { method: '', path: '', body: new FormData(), headers: {} }
    private aborted = false

    open(method: string, path: string) {
      this.request = { ...this.request, method, path }
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value
    }
    abort() {
      this.aborted = true
      this.onabort?.()
    }
    send(body: FormData) {
      const request = { ...this.request, body }
      requests.push(request)
      const progress = (loaded: number) =>
        this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent)
      void (async () => {
        progress(50)
        progress(100)
        const { status, body: answerBody } = await answer(request)
        if (this.aborted) return
        this.status = status
        this.responseText = JSON.stringify(answerBody)
        this.onload?.()
      })()
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return requests
}
