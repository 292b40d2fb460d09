import { z } from 'zod'
import { IdParamsSchema, IdSchema } from './common'
import { formatCount } from './format'
import { limits } from './limits'

/** The parts of an application a comment is anchored to; `index` counts paragraphs and claims from 0. */
export const commentParts = ['title', 'abstract', 'description', 'claim'] as const
export type CommentPart = (typeof commentParts)[number]

export const commentMessages = {
  textEmpty: 'Comment cannot be empty.',
  textMax: `A comment must not exceed ${formatCount(limits.comment.max)} characters.`,
  part: 'Choose the title, the abstract, a paragraph of the description or a claim.',
  quoteEmpty: 'Select the words the comment is about.',
  quoteMax: `The quoted words must not exceed ${limits.commentQuote.max} characters.`,
  quoteNotFound: 'The quoted words are not in that part of the application.',
  anchorRequired: 'A new comment needs the part of the application and the words it is about.',
  notFound: 'That comment does not exist.',
  replyResolved: 'Only a thread is resolved or reopened, not a reply within it.',
  tooMany: `An application may have at most ${formatCount(limits.comments.max)} comments.`,
  cannotComment: 'Your role on this application lets you read it, not comment on it.',
} as const

/** The description's paragraphs as comments count them: its non-empty lines. */
export const paragraphsOf = (description: string) =>
  description
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

/** The text of a part at an index, or undefined when the application has no such paragraph or claim. */
export function partText(
  application: { title: string; abstract: string; description: string; claims: string[] },
  part: CommentPart,
  index: number,
): string | undefined {
  if (part === 'title' || part === 'abstract') return index === 0 ? application[part] : undefined
  return (part === 'claim' ? application.claims : paragraphsOf(application.description))[index]
}

/** How many places a part has: one title and abstract, each paragraph, each claim. */
export function partCount(application: { description: string; claims: string[] }, part: CommentPart): number {
  if (part === 'title' || part === 'abstract') return 1
  return part === 'claim' ? application.claims.length : paragraphsOf(application.description).length
}

export const CommentAnchorSchema = z.strictObject({
  part: z.enum(commentParts, commentMessages.part),
  index: z
    .number(commentMessages.part)
    .int(commentMessages.part)
    .min(0, commentMessages.part)
    .max(limits.claims.max * 100, commentMessages.part),
  quote: z
    .string(commentMessages.quoteEmpty)
    .trim()
    .min(1, commentMessages.quoteEmpty)
    .max(limits.commentQuote.max, commentMessages.quoteMax),
})
export type CommentAnchor = z.infer<typeof CommentAnchorSchema>

const commentText = z
  .string(commentMessages.textEmpty)
  .trim()
  .min(1, commentMessages.textEmpty)
  .max(limits.comment.max, commentMessages.textMax)

/** POST /api/patents/:id/comments: a new thread (with its anchor) or a reply (`parentId`, the anchor its thread's). */
export const NewCommentBodySchema = z
  .strictObject({
    anchor: CommentAnchorSchema.optional(),
    text: commentText,
    parentId: IdSchema.nullish(),
  })
  .refine((body) => body.parentId != null || body.anchor !== undefined, {
    message: commentMessages.anchorRequired,
    path: ['anchor'],
  })
export type NewCommentBody = z.infer<typeof NewCommentBodySchema>

/** The reply box and the new comment's box: the text alone. */
export const CommentFormSchema = z.object({ text: commentText })
export type CommentForm = z.infer<typeof CommentFormSchema>

/** PATCH /api/patents/:id/comments/:commentId */
export const ResolveBodySchema = z.strictObject({ resolved: z.boolean('resolved must be true or false.') })

export const CommentParamsSchema = IdParamsSchema.extend({ commentId: IdSchema })

const PersonSchema = z.object({ id: z.number().int(), username: z.string(), fullName: z.string() }).nullable()

/**
 * One comment. A reply carries its thread's anchor. `at` is where the quoted words are now (the paragraph or
 * claim they moved to); null when they were edited away: the comment is outdated, and still shown.
 */
export const CommentSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  anchor: z.object({ part: z.enum(commentParts), index: z.number().int(), quote: z.string() }),
  at: z.number().int().nullable(),
  text: z.string(),
  author: PersonSchema,
  createdAt: z.string(),
  /** For a thread: when and by whom it was resolved; null while open. */
  resolvedAt: z.string().nullable(),
  resolvedBy: PersonSchema,
})
export type Comment = z.infer<typeof CommentSchema>
export const CommentListSchema = z.array(CommentSchema)

const nameCharacter = /[\p{L}\p{N}_-]/u
const isNameCharacter = (character: string | undefined) =>
  character !== undefined && nameCharacter.test(character)

/**
 * The names `text` mentions as `@name`, among `names`: no name character just before the `@` (an email address
 * mentions nobody) nor just after the name (`@ann` does not mention `anne`). Compared without case; each name
 * is looked for with indexOf (linear in the text for each name).
 */
export function mentionedNames(text: string, names: readonly string[]) {
  const lower = text.toLowerCase()
  return names.filter((name) => {
    const needle = `@${name.toLowerCase()}`
    for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + 1)) {
      if (!isNameCharacter(lower[at - 1]) && !isNameCharacter(lower[at + needle.length])) return true
    }
    return false
  })
}
