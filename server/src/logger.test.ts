import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const serverDir = fileURLToPath(new URL('..', import.meta.url))
const logOnce = `import { createLogger } from './src/logger.ts'; createLogger('info').info({ patents: 3 }, 'hello')`
const node = `node --import tsx --input-type=module -e "${logOnce}"`

/** One log line written by a fresh process, with its standard output a pipe or (through `script`) a terminal. */
function logLine(terminal: boolean) {
  const command = terminal ? ['script', ['-qec', node, '/dev/null']] : ['sh', ['-c', node]]
  const run = spawnSync(command[0] as string, command[1] as string[], { cwd: serverDir, encoding: 'utf8' })
  expect(run.status).toBe(0)
  return run.stdout.trim()
}

describe('createLogger', () => {
  it('writes JSON lines to a pipe', () => {
    expect(JSON.parse(logLine(false))).toMatchObject({ level: 30, msg: 'hello', patents: 3 })
  })

  it('writes readable lines to a terminal', () => {
    const line = logLine(true)
    expect(line).toMatch(/INFO.*hello/)
    expect(line).not.toContain('{"level"')
  })
})
