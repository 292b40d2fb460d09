/** The part of autocannon 8 the benchmarks use (the package ships no types, @types/autocannon is for 7). */
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number }

  export type Options = {
    url: string
    connections?: number
    /** Seconds. */
    duration?: number
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
    headers?: Record<string, string>
  }

  export type Result = {
    /** Requests per second, over the one-second samples. */
    requests: Histogram & { total: number }
    /** Milliseconds. */
    latency: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    statusCodeStats: Record<string, { count: number }>
  }

  export default function autocannon(options: Options): Promise<Result>
}
