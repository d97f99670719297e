/**
 * Who owns each collection: the one service that defines its schema and writes it. Every other service gets what it
 * needs through the owner's internal API or events (see internal.ts and docs/architecture.md), never through a model
 * of its own. The ownership test checks the sources against this table.
 */

export type OwningService = 'svc-auth' | 'svc-students' | 'svc-billing' | 'svc-logbook';

export interface Ownership {
  owner: OwningService;
  /** Who else needs what it holds, and how they get it. */
  readers: string;
}

export const OWNERSHIP: Record<string, Ownership> = {
  users: {
    owner: 'svc-auth',
    readers:
      "svc-billing: GET /internal/users/:id, asked by family id (the billing owner's email for the payment " +
      "customer); GET /internal/families/:id/billing-owner; svc-logbook: GET /internal/users/:id (the family's " +
      'mailbox, which the signature-request limits are kept by)',
  },
  auth_sessions: {
    owner: 'svc-auth',
    readers:
      "every service: the token guard in service-kit's auth.ts reads one session by id per request (svc-auth's " +
      'published guard: it never writes); svc-students ends a student login through the `student-login` event',
  },
  rate_limits: { owner: 'svc-auth', readers: 'nobody' },
  mail_queue: {
    owner: 'svc-auth',
    readers:
      'nobody (svc-billing asks for notices through POST /internal/parents/:parentId/notices; no other service sends mail)',
  },
  password_reset_tokens: { owner: 'svc-auth', readers: 'nobody' },
  family_invitations: { owner: 'svc-auth', readers: 'nobody' },
  student_login_versions: {
    owner: 'svc-auth',
    readers: 'nobody (what svc-students told it in `student-login` events)',
  },
  students: {
    owner: 'svc-students',
    readers:
      'svc-logbook: `student` events into logbook_students; svc-billing: GET /internal/students/:id; svc-auth: ' +
      'POST /internal/student-logins/verify and GET /internal/students/:id',
  },
  students_outbox: { owner: 'svc-students', readers: 'nobody' },
  student_subscriptions: {
    owner: 'svc-billing',
    readers: 'svc-students and svc-logbook: `subscription` events',
  },
  billing_customers: { owner: 'svc-billing', readers: 'nobody' },
  subscription_records: { owner: 'svc-billing', readers: 'nobody' },
  student_trials: { owner: 'svc-billing', readers: 'nobody' },
  free_months: { owner: 'svc-billing', readers: 'nobody' },
  billing_events: { owner: 'svc-billing', readers: 'nobody' },
  coupons: { owner: 'svc-billing', readers: 'nobody' },
  coupon_slots: { owner: 'svc-billing', readers: 'nobody' },
  coupon_limits: { owner: 'svc-billing', readers: 'nobody' },
  simulated_subscriptions: { owner: 'svc-billing', readers: 'nobody' },
  billing_outbox: { owner: 'svc-billing', readers: 'nobody' },
  billing_notices: { owner: 'svc-billing', readers: 'nobody' },
  billing_disputed_accounts: { owner: 'svc-billing', readers: 'nobody' },
  billing_student_removals: { owner: 'svc-billing', readers: 'nobody' },
  driving_sessions: { owner: 'svc-logbook', readers: 'nobody' },
  session_signatures: { owner: 'svc-logbook', readers: 'nobody' },
  session_chains: { owner: 'svc-logbook', readers: 'nobody' },
  verification_codes: { owner: 'svc-logbook', readers: 'nobody' },
  verification_limits: { owner: 'svc-logbook', readers: 'nobody' },
  sign_off_links: { owner: 'svc-logbook', readers: 'nobody' },
  sign_off_requests: { owner: 'svc-logbook', readers: 'nobody' },
  settings: { owner: 'svc-logbook', readers: 'nobody' },
  supervisors: { owner: 'svc-logbook', readers: 'nobody' },
  vehicles: { owner: 'svc-logbook', readers: 'nobody' },
  logbook_students: { owner: 'svc-logbook', readers: 'nobody (a read model fed by svc-students and svc-billing)' },
};

/**
 * `counters` holds one document per numbered collection, named after it; only that collection's owner moves it
 * (`nextId('students')` in svc-students, and so on). It stays one collection so that ids already handed out keep
 * counting on from where they are.
 */
export const COUNTERS_COLLECTION = 'counters';

/** Collections whose models service-kit itself defines, and the service that alone may write through them. */
export const KIT_COLLECTIONS: Record<string, OwningService | 'each owner, by document'> = {
  auth_sessions: 'svc-auth',
  [COUNTERS_COLLECTION]: 'each owner, by document',
};

/** The functions of service-kit that write auth_sessions: only svc-auth may call them. */
export const AUTH_SESSION_WRITERS = ['issueSession', 'endSession', 'endStudentSessions'];
