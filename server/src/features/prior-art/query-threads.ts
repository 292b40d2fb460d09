import { Piscina } from 'piscina'

/** A pool of one thread running `bundle`, started on first use and kept: it holds the open index file. */
export const queryThread = (bundle: URL) =>
  new Piscina({ filename: bundle.href, minThreads: 0, maxThreads: 1, idleTimeout: Number.POSITIVE_INFINITY })
