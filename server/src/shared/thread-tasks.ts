import type { Piscina } from 'piscina'

/** The functions a worker module exports: the tasks its threads run, by name. */
type Tasks<Module> = {
  [Name in keyof Module as Module[Name] extends (task: never) => unknown ? Name : never]: Module[Name]
}
export type TaskName<Module> = keyof Tasks<Module> & string
type TaskOf<Module, Name extends TaskName<Module>> = Tasks<Module>[Name] extends (task: infer T) => infer R
  ? { argument: T; answer: Awaited<R> }
  : never
export type TaskArgument<Module, Name extends TaskName<Module>> = TaskOf<Module, Name>['argument']
export type TaskAnswer<Module, Name extends TaskName<Module>> = TaskOf<Module, Name>['answer']

type RunOptions = NonNullable<Parameters<Piscina['run']>[1]>

/**
 * Runs the task `name` of a thread pool whose worker is `Module` (`import type * as Module`), typed by the
 * module itself: the argument and the answer are the exported function's, so a call cannot drift from it.
 */
export function runTask<Module, Name extends TaskName<Module>>(
  pool: Piscina,
  name: Name,
  argument: TaskArgument<Module, Name>,
  options: Omit<RunOptions, 'name'> = {},
): Promise<TaskAnswer<Module, Name>> {
  return pool.run(argument, { ...options, name })
}
