import { type ApplicationAnalysis, ApplicationAnalysisSchema } from '@patentdesk/contract/applications'
import { messages } from '@patentdesk/contract/errors'
import type { Db } from '~/db/client'
import { AppError } from '~/errors'
import type { ApplicationsService } from '~/features/applications/applications.service'
import type { AuthUser } from '~/features/auth/auth.service'
import * as repo from './analysis.repo'

export function createAnalysisService(deps: { db: Db; applications: ApplicationsService }) {
  return {
    /** The stored analysis of an application for an administrator, or null when none was generated. */
    async getForApplication(viewer: AuthUser, applicationId: number): Promise<ApplicationAnalysis | null> {
      if (!viewer.isAdmin) throw new AppError('FORBIDDEN', messages.adminOnly)
      await deps.applications.requireViewable(viewer, applicationId)
      const row = await repo.findAnalysis(deps.db, applicationId)
      if (!row) return null
      return ApplicationAnalysisSchema.parse({
        ...(row.result as object),
        similarityScore: row.similarityScore,
        engine: row.engine,
        createdAt: row.createdAt.toISOString(),
      })
    },
  }
}

export type AnalysisService = ReturnType<typeof createAnalysisService>
