/** Every length and count limit of the screens (docs/product.md, Limits), plus the upper bounds the server
 * needs so that no field is unbounded. */
export const limits = {
  username: { min: 3, max: 50 },
  password: { min: 6, max: 128 },
  /** A TOTP code (6 digits) or a recovery code (19 characters with dashes), with room for spaces. */
  twoFactorCode: { max: 40 },
  fullName: { min: 2, max: 100 },
  email: { max: 254 },
  organization: { max: 200 },
  title: { min: 5, max: 300 },
  abstract: { min: 50, max: 2000 },
  description: { min: 100, max: 50_000 },
  claim: { min: 10, max: 10_000 },
  claims: { min: 1, max: 200 },
  documents: {
    maxFiles: 5,
    /** Files a user may hold uploaded but not yet attached (decision 18), and how long they are kept. */
    maxPending: 20,
    pendingHours: 24,
  },
  notificationDropdown: 5,
  unreadBadgeCap: 9,
  dashboard: { notifications: 3, feedback: 2, recentApplications: 3, savedSearches: 4 },
  feedback: { max: 10_000 },
  /** People one application may be shared with. */
  collaborators: { max: 50 },
  /** A comment's text, and the words of the application it quotes. */
  comment: { max: 5000 },
  commentQuote: { max: 500 },
  /** Comments on one application, so that its threads stay one bounded answer. */
  comments: { max: 2000 },
  /** Entries of the activity list and the audit log per page. */
  activityPage: 100,
  /** The largest JSON request body the server reads (Fastify's default, stated here so messages can say it). */
  jsonBodyBytes: 1024 * 1024,
  /**
   * The largest search report sent to be laid out as a file: a report holds at most five documents' passages
   * for at most 16 features, each at most 60 words (some 40 KB); a PDF costs about 1.6 ms of the server's
   * thread per KB.
   */
  searchReportExportBytes: 128 * 1024,
} as const
