import fs from 'node:fs'
import semver from 'semver'
import { ConfigError } from './config'
import { serverPaths } from './paths'

/** The Node.js versions the project runs on, stated once: `engines` in its package.json. */
export function requiredNode(): string {
  const manifest = JSON.parse(fs.readFileSync(serverPaths.packageJson, 'utf8'))
  return manifest.engines.node
}

/** Stops a start on a Node.js that some locked dependency does not support, saying which is needed. */
export function checkNodeVersion(version = process.versions.node, required = requiredNode()) {
  if (semver.satisfies(version, required)) return
  throw new ConfigError(
    `PatentDesk needs Node.js ${required}; this is Node.js ${version}. Install a version that matches ` +
      '(the one in .nvmrc, for example with `nvm install`) and start again.',
  )
}
