import { describe, expect, it } from 'vitest'
import { overLimit, uniqueViolation, unreachable } from './errors'

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code })
/** As Drizzle throws a driver's error: wrapped, the driver's in `cause`. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause })

describe("the driver's errors, classified", () => {
  it('a database that cannot be reached or a connection lost, wrapped or not', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
    ]) {
      expect(unreachable(error)).toBe(true)
      expect(unreachable(wrapped(error))).toBe(true)
    }
  })

  it('not a refused statement, whose outcome is known', () => {
    for (const error of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('54000', 'string is too long for tsvector'),
      withCode('42883'),
      new Error('Connection to the moon terminated'),
    ])
      expect(unreachable(wrapped(error))).toBe(false)
    expect(uniqueViolation(wrapped(withCode('23505')))).toBe('')
    expect(overLimit(wrapped(withCode('54000')))).toBe(true)
  })
})
