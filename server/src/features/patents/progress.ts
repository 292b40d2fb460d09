import cliProgress from 'cli-progress'
import type { FastifyBaseLogger } from 'fastify'

export type Progress = { update: (fraction: number, detail: string) => void; stop: () => void }

/** A bar on an interactive terminal; otherwise a log line at every tenth, so service logs stay readable. */
export function startProgress(label: string, log: FastifyBaseLogger): Progress {
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      { format: `${label} [{bar}] {percentage}% | {detail}`, hideCursor: true, stream: process.stderr },
      cliProgress.Presets.shades_classic,
    )
    bar.start(100, 0, { detail: '' })
    return {
      update: (fraction, detail) => bar.update(Math.round(fraction * 100), { detail }),
      stop: () => bar.stop(),
    }
  }
  let reported = 0
  return {
    update(fraction, detail) {
      const tenth = Math.floor(fraction * 10)
      if (tenth <= reported) return
      reported = tenth
      log.info(`${label}: ${tenth * 10}% (${detail})`)
    },
    stop: () => {},
  }
}
