import { createHash, timingSafeEqual } from 'node:crypto'

/** The token of an `Authorization: Bearer …` header, when it is one. */
export const bearerToken = (authorization: string | undefined) =>
  authorization?.match(/^Bearer (\S{1,200})$/)?.[1]

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Whether a token sent is the one expected, compared as digests in constant time: the answer's timing says nothing of it. */
export const sameToken = (sent: string | undefined, expected: string | undefined) =>
  sent !== undefined && expected !== undefined && timingSafeEqual(digest(sent), digest(expected))
