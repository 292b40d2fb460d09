/*
 * The `meta` of queries and mutations, read by the query client's error hooks (query-client.ts). Kept apart
 * from the client itself: features import this, and only main.tsx imports the client's instance.
 */

/**
 * What a failed query or mutation shows (the one place error toasts are raised): a destructive toast
 * titled `errorTitle`, saying the error's message unless `errorDescription` words it otherwise. Without
 * an `errorTitle` a failure raises no toast (a query's screen shows it in place); `errorToast` holds the
 * toast back where the screen says it itself: `false` always, or a test of the error (field errors, a
 * second factor asked for) that is false when the screen shows that error itself.
 */
export type ErrorToastMeta = {
  errorTitle?: string | ((variables: unknown) => string)
  errorDescription?: (error: Error) => string
  errorToast?: false | ((error: Error) => boolean)
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorToastMeta
    mutationMeta: ErrorToastMeta
  }
}

/** A toast description: the error's message, or `fallback` when it has none. */
export const messageOr = (fallback: string) => (error: Error) => error.message || fallback
