import type { MessagePort } from 'node:worker_threads'
import type { Corpus } from './analysis/engine'

/**
 * How the engine's thread reads the corpus: the patent index's threads and the database belong to the
 * server's thread, so the engine asks over a MessagePort and the server's thread answers from the corpus
 * it holds. Questions and answers travel as structured clones (the weights' Maps included).
 */
type Method = keyof Corpus
type Question = { [M in Method]: { id: number; method: M; args: Parameters<Corpus[M]> } }[Method]
type Answer = { id: number; value: unknown } | { id: number; failed: true }

function answerOf(corpus: Corpus, question: Question): Promise<unknown> {
  switch (question.method) {
    case 'weigh':
      return corpus.weigh(...question.args)
    case 'similar':
      return corpus.similar(...question.args)
    case 'closest':
      return corpus.closest(...question.args)
    case 'activity':
      return corpus.activity(...question.args)
    case 'texts':
      return corpus.texts(...question.args)
  }
}

/**
 * The server's side: answers the thread's questions from `corpus`, telling `clock` when one is out and
 * when it is answered (the engine's deadline stops meanwhile). The first failure is kept as it was thrown
 * (a busy index's 503), for the caller to pass on once the thread gives up.
 */
export function answerCorpus(
  port: MessagePort,
  corpus: Corpus,
  clock: { asking: () => void; answered: () => void },
) {
  let failure: { error: unknown } | undefined
  port.on('message', async (question: Question) => {
    clock.asking()
    try {
      const value = await answerOf(corpus, question)
      port.postMessage({ id: question.id, value } satisfies Answer)
    } catch (error) {
      failure ??= { error }
      port.postMessage({ id: question.id, failed: true } satisfies Answer)
    } finally {
      clock.answered()
    }
  })
  return { failure: () => failure }
}

/** The thread's side: the corpus, each call a question to the server's thread. */
export function corpusOver(port: MessagePort): Corpus {
  let next = 0
  const open = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  port.on('message', (answer: Answer) => {
    const waiting = open.get(answer.id)
    open.delete(answer.id)
    if ('failed' in answer) waiting?.reject(new Error('The corpus could not answer.'))
    else waiting?.resolve(answer.value)
  })
  function ask<M extends Method>(method: M, ...args: Parameters<Corpus[M]>) {
    const id = next++
    return new Promise<unknown>((resolve, reject) => {
      open.set(id, { resolve, reject })
      port.postMessage({ id, method, args })
    }) as ReturnType<Corpus[M]>
  }
  return {
    weigh: (...args) => ask('weigh', ...args),
    similar: (...args) => ask('similar', ...args),
    closest: (...args) => ask('closest', ...args),
    activity: (...args) => ask('activity', ...args),
    texts: (...args) => ask('texts', ...args),
  }
}
