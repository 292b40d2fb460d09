import { type Version, type VersionSummary, versionedParts } from '@patentdesk/contract/application-versions'
import { applicationMessages } from '@patentdesk/contract/applications'
import type { Db } from '~/db/database'
import { AppError } from '~/errors'
import type { AuthUser } from '~/features/auth/auth.service'
import type { ApplicationsService } from './applications.service'
import * as repo from './versions.repo'

const toSummary = (row: repo.VersionListRow): VersionSummary => ({
  number: row.number,
  createdAt: row.createdAt.toISOString(),
  author: row.authorId === null ? null : { id: row.authorId, fullName: row.authorName ?? '' },
  changed: versionedParts.filter((part) => row[part]),
  restoredFrom: row.restoredFrom,
})

const versionNotFound = () => new AppError('NOT_FOUND', applicationMessages.versionNotFound)

/** An application's versions: listed and read by whoever may view it, restored by whoever may edit it. */
export function createVersionsService({ db, applications }: { db: Db; applications: ApplicationsService }) {
  return {
    async list(viewer: AuthUser, id: number): Promise<VersionSummary[]> {
      await applications.requireViewable(viewer, id)
      return (await repo.listVersions(db, id)).map(toSummary)
    },

    async get(viewer: AuthUser, id: number, number: number): Promise<Version> {
      await applications.requireViewable(viewer, id)
      const summary = await repo.findVersionSummary(db, id, number)
      const text = summary && (await repo.findVersionText(db, id, number))
      if (!summary || !text) throw versionNotFound()
      return { ...toSummary(summary), ...text }
    },

    /** Version `number`'s text saved anew as the next version, asked from version `madeFrom`. */
    async restore(viewer: AuthUser, id: number, number: number, madeFrom: number) {
      await applications.requireViewable(viewer, id)
      const text = await repo.findVersionText(db, id, number)
      if (!text) throw versionNotFound()
      return applications.update(viewer, id, { ...text, version: madeFrom }, number)
    },
  }
}

export type VersionsService = ReturnType<typeof createVersionsService>
