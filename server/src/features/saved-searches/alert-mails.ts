import { clientPaths, patentDetailsPath } from '@patentdesk/contract/client-routes'
import { plural } from '@patentdesk/contract/common'
import { savedSearchPath } from '@patentdesk/contract/saved-search-paths'
import type { AlertSetting, SavedQuery } from '@patentdesk/contract/saved-searches'
import type { Db } from '~/db/database'
import type { Mailer, MailMessage } from '~/providers/mailer'
import { escapeHtml } from '~/shared/escape-html'
import * as repo from './saved-searches.repo'

/** How long a digest's period lasts: one mail per user per period at most. */
const PERIOD_MS: Record<'daily' | 'weekly', number> = { daily: 86_400_000, weekly: 7 * 86_400_000 }
/** Patents a mail lists per search before "and n more". */
const LISTED = 20

type Hit = Awaited<ReturnType<typeof repo.unmailedHits>>[number]
type SearchNews = { id: number; name: string; query: SavedQuery; token: string; hits: Hit[] }

/** The news of one user's searches as a mail: text and HTML, each search with its link and unsubscribe link. */
export function alertMail(
  publicUrl: string,
  to: string,
  period: AlertSetting,
  searches: SearchNews[],
): MailMessage {
  const found = searches.reduce((sum, s) => sum + s.hits.length, 0)
  const subject =
    searches.length === 1
      ? `${plural(found, 'new patent')} for '${(searches[0] as SearchNews).name}'`
      : `${plural(found, 'new patent')} for ${searches.length} of your saved searches`
  const lead =
    period === 'instant'
      ? 'An import brought new patents for your saved searches.'
      : `${period === 'daily' ? "Today's" : "This week's"} new patents for your saved searches.`
  const parts = searches.map((search) => ({
    search,
    open: `${publicUrl}${savedSearchPath(search.id, search.query)}`,
    stop: `${publicUrl}${clientPaths.unsubscribe}?token=${encodeURIComponent(search.token)}`,
    shown: search.hits.slice(0, LISTED),
    more: Math.max(0, search.hits.length - LISTED),
  }))
  const text = [
    lead,
    '',
    ...parts.flatMap(({ search, open, stop, shown, more }) => [
      `${search.name}: ${plural(search.hits.length, 'new patent')}`,
      ...shown.map((hit) => `  ${hit.reference}  ${hit.title}`),
      ...(more > 0 ? [`  and ${more} more`] : []),
      `  See them: ${open}`,
      `  Stop the mails of this search: ${stop}`,
      '',
    ]),
    'PatentDesk',
  ].join('\n')
  const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:system-ui,sans-serif;color:#1a1a1a;background:#f5f6f8">
<div style="max-width:640px;margin:0 auto;background:#fff;border-radius:8px;padding:20px">
<h1 style="font-size:20px;margin:0 0 8px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 16px">${escapeHtml(lead)}</p>
${parts
  .map(
    ({
      search,
      open,
      stop,
      shown,
      more,
    }) => `<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(search.name)}: ${escapeHtml(plural(search.hits.length, 'new patent'))}</h2>
<ul style="margin:0;padding-left:20px">${shown
      .map(
        (hit) =>
          `<li style="margin:4px 0"><a href="${escapeHtml(publicUrl + patentDetailsPath(hit.reference))}" style="color:#1d4ed8;font-weight:600">${escapeHtml(hit.reference)}</a> ${escapeHtml(hit.title)}</li>`,
      )
      .join('')}${more > 0 ? `<li>and ${more} more</li>` : ''}</ul>
<p style="margin:8px 0"><a href="${escapeHtml(open)}" style="color:#1d4ed8">See them in PatentDesk</a> · <a href="${escapeHtml(stop)}" style="color:#555">Stop the mails of this search</a></p>`,
  )
  .join('\n')}
<p style="margin:16px 0 0;color:#555">PatentDesk</p></div></body></html>`
  return { to, subject, text, html }
}

/** Each user's unmailed hits, by search. */
function byUser(hits: Hit[]) {
  const users = new Map<number, { email: string; searches: Map<number, SearchNews> }>()
  for (const hit of hits) {
    const user = users.get(hit.userId) ?? { email: hit.email, searches: new Map() }
    users.set(hit.userId, user)
    const search = user.searches.get(hit.searchId) ?? {
      id: hit.searchId,
      name: hit.name,
      query: hit.query as SavedQuery,
      token: hit.token,
      hits: [],
    }
    user.searches.set(hit.searchId, search)
    search.hits.push(hit)
  }
  return users
}

/**
 * The mails of the saved searches' news: at once for searches set to `instant`, and a digest per user and
 * period for `daily` and `weekly` ones, sent when that user's last digest of the period is a period old.
 * A hit is marked mailed once its mail is sent: a run stopped between the two sends it again, never
 * loses it.
 */
export function createAlertMails({ db, mailer, publicUrl }: { db: Db; mailer: Mailer; publicUrl: string }) {
  async function send(alert: AlertSetting, due: (userId: number) => Promise<boolean>, now = new Date()) {
    let sent = 0
    for (const [userId, { email, searches }] of byUser(await repo.unmailedHits(db, alert))) {
      if (!(await due(userId))) continue
      const news = [...searches.values()]
      await mailer.send(alertMail(publicUrl, email, alert, news))
      await repo.markMailed(
        db,
        news.flatMap((s) => s.hits.map((hit) => ({ searchId: s.id, reference: hit.reference }))),
      )
      if (alert !== 'instant') await repo.digestSent(db, userId, alert, now)
      sent++
    }
    return sent
  }

  return {
    /** Mails the news of searches set to `instant`; answers how many mails it sent. */
    sendInstant: () => send('instant', async () => true),

    /** Sends each digest that is due; answers how many. */
    async sendDigests(now = new Date()) {
      let sent = 0
      for (const period of ['daily', 'weekly'] as const)
        sent += await send(
          period,
          async (userId) => {
            const last = await repo.lastDigest(db, userId, period)
            return !last || now.getTime() - last.getTime() >= PERIOD_MS[period]
          },
          now,
        )
      return sent
    },
  }
}

export type AlertMails = ReturnType<typeof createAlertMails>
