import { spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { rm } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { realServers } from './test/real-server'
import { until } from './test/until'

const servers = realServers()
afterAll(servers.stopAll)
const startServer = (env: Record<string, string> = {}, entry?: string) => servers.start({ env, entry })

/**
 * A public analysis sent as a slow client sends it: the head and half the form, the rest when told. The
 * answer's status line, once the whole answer is read.
 */
function slowAnalysis(port: number) {
  const boundary = 'slowform'
  const body = Buffer.from(
    [
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSelf-levelling tripod head\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\n`,
      'A tripod head levels itself with a damped pendulum, then a friction clutch locks it.\r\n',
      `--${boundary}--\r\n`,
    ].join(''),
  )
  const socket = net.connect(port, '127.0.0.1')
  let answer = ''
  socket.on('data', (chunk) => {
    answer += chunk.toString()
  })
  const ended = once(socket, 'close').then(() => answer.split('\r\n')[0])
  socket.write(
    `POST /api/public/patents/comprehensive-analysis HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
  )
  socket.write(body.subarray(0, body.length / 2))
  // Written, not ended: a client that half-closes its side is answered by no server.
  return { finish: () => socket.write(body.subarray(body.length / 2)), answer: ended }
}

const refusesConnections = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.on('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.on('error', () => resolve(true))
  })

// The embedded database's project only: the signals are the process's, whichever database it uses.
describe.runIf(process.env.TEST_DRIVER !== 'postgres')('stopping the server by a signal', () => {
  // A start on empty data takes seconds: more than the default timeout on a busy machine. Each step waits
  // for what the server says it did, not for time to pass: on a loaded machine a request may take seconds
  // to arrive.
  it('stops accepting, lets an upload in flight and its analysis finish, closes everything and exits 0', {
    timeout: 120_000,
  }, async () => {
    // A grace period no slow machine reaches: this test is of what the server waits for, not for how long.
    const server = await startServer({ SHUTDOWN_GRACE_SECONDS: '600' })
    const upload = slowAnalysis(server.port)
    await server.logged('incoming request')
    server.child.kill('SIGTERM')
    await server.logged('shutting down: finishing the requests in flight')
    await until(() => refusesConnections(server.port))
    expect(server.child.exitCode).toBeNull()
    upload.finish()
    expect(await upload.answer).toBe('HTTP/1.1 200 OK')
    expect(await server.exited).toEqual([0, null])
    expect(server.messages).toContain('shut down')
  })

  it('stopped as a service is, by a signal to its process group, answers the analyses in flight', {
    timeout: 120_000,
  }, async () => {
    // The build `npm start` runs, made here into a folder of its own (a server of the suite may be running
    // server/dist), and run by npm: the signal reaches the server, and npm passes it on to the server again.
    const built = path.resolve(import.meta.dirname, '..', `dist.test-${process.pid}`)
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs', built], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
    })
    expect(build.status, build.stderr).toBe(0)
    try {
      const server = await servers.start({
        built,
        env: { SHUTDOWN_GRACE_SECONDS: '600', ANALYSIS_PER_MINUTE: '0' },
      })
      const analyses = Array.from({ length: 6 }, () => slowAnalysis(server.port))
      await until(() => server.messages.filter((m) => m === 'incoming request').length === analyses.length)
      process.kill(-(server.child.pid as number), 'SIGTERM')
      await server.logged('shutting down: finishing the requests in flight')
      await until(() => refusesConnections(server.port))
      for (const analysis of analyses) analysis.finish()
      expect(await Promise.all(analyses.map((a) => a.answer))).toEqual(analyses.map(() => 'HTTP/1.1 200 OK'))
      expect(await server.exited).toEqual([0, null])
      expect(server.messages).toContain('shut down')
      expect(server.messages).not.toContain('a second signal: ending now')
    } finally {
      await rm(built, { recursive: true, force: true })
    }
  })

  it('ends at once on a second signal, and at the end of the grace period otherwise', {
    timeout: 120_000,
  }, async () => {
    // The signal handling alone, in a server that starts in a moment: a request to it never completes.
    const start = (grace: string) =>
      startServer({ SHUTDOWN_GRACE_SECONDS: grace }, 'server/src/test/signal-server.ts')
    const [patient, impatient] = await Promise.all([start('1'), start('600')])
    for (const server of [patient, impatient]) {
      const held = net.connect(server.port, '127.0.0.1')
      held.on('error', () => {})
      held.write('GET /never HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
      await server.logged('incoming request')
      server.child.kill('SIGTERM')
    }
    // An operator's second signal, not the first passed on again (as npm does, at once).
    await impatient.logged('a second signal now ends the server at once')
    impatient.child.kill('SIGINT')
    // Neither waits for the request that never completes.
    expect(await impatient.exited).toEqual([1, null])
    expect(impatient.messages).toContain('a second signal: ending now')
    expect(await patient.exited).toEqual([1, null])
    expect(patient.messages).toContain('the grace period is over: ending with requests in flight')
  })
})
