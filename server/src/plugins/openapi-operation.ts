import type { SwaggerTransform } from '@fastify/swagger'
import { ErrorBodySchema } from '@patentdesk/contract/errors'
import type { FastifyContextConfig, FastifySchema } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { routeAccess } from './auth'
import { featureTagOf } from './openapi-tags'

export const bearerScheme = 'bearer'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What the OpenAPI document cannot learn from the route's schemas: the errors its service answers (by
     * status) and, for a multipart form read by hand, the form's text fields and its file field.
     */
    openapi?: {
      errors?: Record<number, string>
      form?: { fields?: z.ZodObject; file: string; fileRequired?: boolean; fileDescription: string }
    }
  }
}

// Every error answer refers to one component rather than repeating the shape.
z.globalRegistry.add(ErrorBodySchema, { id: 'ErrorBody' })

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorBodySchema } },
})

/** The answers the app gives any route of this kind (errors.ts, plugins/auth.ts); a route's own statuses win. */
function commonErrors(schema: FastifySchema, method: string, access: ReturnType<typeof routeAccess>) {
  const hasInput = Boolean(schema.body || schema.params || schema.querystring) || method !== 'GET'
  return {
    ...(hasInput && { 400: errorAnswer('Invalid input: `fields` names each invalid field.') }),
    ...(schema.body !== undefined && { 413: errorAnswer('The body is larger than the API takes.') }),
    ...(access !== 'public' && {
      401: errorAnswer('No valid session: send `Authorization: Bearer <token>`.'),
    }),
    ...(access === 'admin' && { 403: errorAnswer('The session is not an administrator’s.') }),
    ...(schema.params !== undefined && {
      404: errorAnswer('No such resource, or not one the session may see.'),
    }),
    500: errorAnswer('An unexpected failure; the message never shows its cause.'),
  }
}

/** A multipart form's body: its text fields as the zod schema gives them, and the file as binary. */
function formBody(form: NonNullable<NonNullable<FastifyContextConfig['openapi']>['form']>) {
  const fields = form.fields ? (z.toJSONSchema(form.fields, { io: 'input' }) as Record<string, unknown>) : {}
  const required = (fields.required ?? []) as string[]
  return {
    type: 'object',
    properties: {
      ...(fields.properties as object | undefined),
      [form.file]: { type: 'string', format: 'binary', description: form.fileDescription },
    },
    required: form.fileRequired ? [...required, form.file] : required,
  }
}

/** A download declares no answer schema: its 2xx body is the file itself. */
const fileAnswer = () => ({
  description: 'The file, sent as an attachment (see Content-Disposition).',
  content: {
    'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } },
  },
})

const docsPlumbing = /^\/api\/(docs|openapi\.json)(\/|$)/

/**
 * Per route: the zod type provider's transform, plus what the route table implies — its feature tag, the
 * bearer scheme unless public (the same rule as the auth hook), the common error answers. Only /api is an API.
 */
export const describeOperation: SwaggerTransform = (document) => {
  const { url, route } = document
  if (!url.startsWith('/api/') || docsPlumbing.test(url)) return { schema: { hide: true }, url }
  const schema = document.schema ?? {}
  const access = routeAccess(url, route.config)
  const method = [route.method].flat()[0] ?? 'GET'
  const tag = featureTagOf(url)
  const extra = route.config?.openapi
  const ownErrors = Object.fromEntries(
    Object.entries(extra?.errors ?? {}).map(([status, description]) => [status, errorAnswer(description)]),
  )
  const described = jsonSchemaTransform({
    ...document,
    schema: {
      ...schema,
      tags: tag ? [tag] : undefined,
      security: access === 'public' ? undefined : [{ [bearerScheme]: [] }],
      response: {
        ...commonErrors(schema, method, access),
        ...ownErrors,
        ...(schema.response as object | undefined),
      },
    },
  })
  if (extra?.form)
    Object.assign(described.schema, { body: formBody(extra.form), consumes: ['multipart/form-data'] })
  const answers = described.schema.response as Record<string, unknown>
  if (!Object.keys(answers).some((status) => status.startsWith('2'))) answers[200] = fileAnswer()
  return described
}
