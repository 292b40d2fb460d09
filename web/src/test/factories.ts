import type { AdminUser } from '@patentdesk/contract/admin'
import type { ApplicationStatus } from '@patentdesk/contract/application-statuses'
import type { AdminApplication, Application, Feedback, StatusChange } from '@patentdesk/contract/applications'
import type { ApplicationDocument } from '@patentdesk/contract/documents'
import type { Notification } from '@patentdesk/contract/notifications'

const at = (day: number) => new Date(Date.UTC(2026, 0, day, 9)).toISOString()

export function buildApplication(overrides: Partial<Application> = {}): Application {
  const id = overrides.id ?? 1
  return {
    id,
    userId: 7,
    reference: `PA-2026-${String(id).padStart(5, '0')}`,
    title: `Application ${id}`,
    status: 'draft',
    abstract: 'A soil moisture sensor network powered by the sun.',
    description: 'The description of the invention.',
    claims: ['A sensor node comprising a probe.', 'The node of claim 1 with a radio.'],
    createdAt: at(1),
    updatedAt: at(2),
    submittedAt: null,
    version: 1,
    access: 'owner',
    ...overrides,
  }
}

export function buildAdminApplication(overrides: Partial<AdminApplication> = {}): AdminApplication {
  const { abstract, description, claims, access, ...summary } = buildApplication(overrides)
  return { ...summary, applicantName: 'Alice Inventor', ...overrides }
}

export function buildAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  const id = overrides.id ?? 1
  return {
    id,
    username: `user${id}`,
    fullName: `User ${id}`,
    email: `user${id}@example.com`,
    organization: null,
    isAdmin: false,
    createdAt: at(1),
    ...overrides,
  }
}

export function buildDocument(overrides: Partial<ApplicationDocument> = {}): ApplicationDocument {
  return {
    id: 1,
    fileName: 'drawing.png',
    fileType: 'image/png',
    documentType: 'drawings',
    sizeBytes: 1024,
    uploadedAt: at(3),
    ...overrides,
  }
}

export function buildFeedback(overrides: Partial<Feedback> & { day?: number } = {}): Feedback {
  const { day = 4, ...rest } = overrides
  return { id: 1, source: 'Administrator', content: 'Please add drawings.', createdAt: at(day), ...rest }
}

export function buildStatusChange(
  to: ApplicationStatus,
  from: ApplicationStatus | null,
  id = 1,
): StatusChange {
  return {
    id,
    fromStatus: from,
    toStatus: to,
    changedBy: { id: 7, fullName: 'Alice Inventor', isAdmin: false },
    changedAt: at(id),
  }
}

export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  const id = overrides.id ?? 1
  return {
    id,
    patentId: null,
    title: `Notification ${id}`,
    message: `Message ${id}`,
    link: null,
    isRead: false,
    createdAt: at(id),
    ...overrides,
  }
}

export const testUser = {
  id: 7,
  token: 'test-token',
  username: 'alice',
  isAdmin: false,
  email: 'alice@example.com',
  fullName: 'Alice Inventor',
  organization: null,
}
