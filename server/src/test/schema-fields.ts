/**
 * Just enough of zod's internals (v4, `_zod.def`) to list the fields of a route's schema and to guess a
 * value it accepts, so the fuzz test covers a new route without being told its shape.
 */

export type Schema = { _zod: { def: Def } }
type Def = {
  type: string
  innerType?: Schema
  in?: Schema
  out?: Schema
  shape?: Record<string, Schema>
  element?: Schema
  entries?: Record<string, unknown>
  values?: unknown[]
}

/** What a pipe validates as: its output when its input is only a transform (z.preprocess), else its input. */
const piped = (def: Def) => (def.in?._zod.def.type === 'transform' ? def.out : def.in)

/** The schema under optional, nullable, default, pipe and the like. */
export function unwrap(schema: Schema): Schema {
  const def = schema._zod.def
  const inner = def.innerType ?? (def.type === 'pipe' ? piped(def) : undefined)
  return inner ? unwrap(inner) : schema
}

export const fieldsOf = (schema: unknown) => (schema ? (unwrap(schema as Schema)._zod.def.shape ?? {}) : {})

/** A value `schema` probably accepts: the example of its name when there is one, else a guess by type. */
export function sample(schema: Schema, known: Record<string, unknown>): unknown {
  const def = schema._zod.def
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {})
          .map(([name, field]) => [name, name in known ? known[name] : sample(field, known)])
          .filter(([, value]) => value !== undefined),
      )
    case 'optional':
    case 'default':
      return undefined
    case 'nullable':
      return null
    case 'pipe':
      return sample(piped(def) as Schema, known)
    case 'array':
      return [sample(def.element as Schema, known)]
    case 'enum':
      return Object.values(def.entries ?? {})[0]
    case 'literal':
      return def.values?.[0]
    case 'number':
      return 1
    case 'boolean':
      return true
    default:
      return 'tripod head'
  }
}
