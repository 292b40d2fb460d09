import { BroadcastChannel } from 'node:worker_threads'

export { analyze, draftingChecks } from '~/engine/engine-worker'

/** The engine's threads' module for tests: the real engine, each thread saying 'loaded' as it starts. */
const channel = new BroadcastChannel('engine-thread-loaded')
channel.postMessage('loaded')
channel.close()
