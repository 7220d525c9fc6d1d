/**
 * Every URL of the web app, in one place (CONVENTIONS.md: "URLs only through one `paths` module").
 * `pattern` is what the router registers; `to()` builds a concrete link.
 */

const id = (value: string) => encodeURIComponent(value);

function withQuery(path: string, query?: Record<string, string | null | undefined>): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, value);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Query values the guards and screens exchange (spec sections 2 and 8). */
export const QUERY = {
  redirect: 'redirect',
  email: 'email',
  error: 'error',
  authError: 'authError',
  token: 'token',
  type: 'type',
  onboardingAction: 'onboarding-action',
} as const;

export const PAGE_NOT_FOUND = 'page-not-found';
export const SESSION_EXPIRED = 'session-expired';

export const paths = {
  // Public
  onboarding: { pattern: '/onboarding', to: () => '/onboarding' },
  discover: { pattern: '/discover', to: () => '/discover' },
  login: {
    pattern: '/login',
    to: (query?: { redirect?: string | null; email?: string | null; error?: string; authError?: string }) =>
      withQuery('/login', query),
  },
  register: {
    pattern: '/register',
    /** `email`: the address an invitation was sent to, prefilled and locked. */
    to: (query?: { redirect?: string | null; email?: string | null }) => withQuery('/register', query),
  },
  forgotPassword: {
    pattern: '/forgot-password',
    to: (query?: { email?: string | null }) => withQuery('/forgot-password', query),
  },
  resetPassword: {
    pattern: '/reset-password',
    to: (query?: { token?: string }) => withQuery('/reset-password', query),
  },
  organizationError: { pattern: '/error/organization', to: () => '/error/organization' },
  maintenance: { pattern: '/maintenance', to: () => '/maintenance' },
  redirectMessage: {
    pattern: '/redirect-message',
    to: (query?: { type?: string }) => withQuery('/redirect-message', query),
  },

  // Signed in, main layout
  home: { pattern: '/', to: (query?: { error?: string }) => withQuery('/', query) },
  calendar: { pattern: '/calendar', to: () => '/calendar' },
  profile: { pattern: '/profile', to: () => '/profile' },
  delegations: {
    pattern: '/delegations',
    to: (query?: { 'onboarding-action'?: string }) => withQuery('/delegations', query),
  },
  recoveryTokens: { pattern: '/recovery-tokens', to: () => '/recovery-tokens' },
  recoveryTokenConsume: {
    pattern: '/recovery-tokens/:id/consume',
    to: (tokenId: string) => `/recovery-tokens/${id(tokenId)}/consume`,
  },
  registry: {
    pattern: '/registry',
    to: (query?: {
      periodId?: string;
      blueprintId?: string;
      serviceId?: string;
      status?: string;
      q?: string;
    }) => withQuery('/registry', query),
  },
  reviews: { pattern: '/reviews', to: () => '/reviews' },
  communications: { pattern: '/communications', to: () => '/communications' },
  documents: { pattern: '/documents', to: () => '/documents' },
  orders: { pattern: '/orders', to: () => '/orders' },
  order: { pattern: '/orders/:id', to: (orderId: string) => `/orders/${id(orderId)}` },
  accounting: {
    pattern: '/accounting',
    /** `tab`: credit-notes | bank-statements (the invoices tab is the default); `status`: the invoices' filter. */
    to: (query?: { tab?: string; status?: string }) => withQuery('/accounting', query),
  },
  membersAll: { pattern: '/members/all', to: () => '/members/all' },
  membersCreate: { pattern: '/members/create', to: () => '/members/create' },
  participants: { pattern: '/members/participants', to: () => '/members/participants' },
  participant: {
    pattern: '/members/participants/:id',
    to: (memberId: string) => `/members/participants/${id(memberId)}`,
  },
  holders: { pattern: '/members/holders', to: () => '/members/holders' },
  holder: { pattern: '/members/holders/:id', to: (memberId: string) => `/members/holders/${id(memberId)}` },
  organizationConfiguration: {
    pattern: '/configuration/organizations/:id',
    to: (organizationId: string, query?: { step?: string }) =>
      withQuery(`/configuration/organizations/${id(organizationId)}`, query),
  },
  organizationsList: { pattern: '/organizations-list', to: () => '/organizations-list' },
  organization: {
    pattern: '/organizations/:id',
    to: (organizationId: string) => `/organizations/${id(organizationId)}`,
  },
  billing: { pattern: '/billing', to: () => '/billing' },
  billingStatement: { pattern: '/billing/:id', to: (statementId: string) => `/billing/${id(statementId)}` },
  establishmentConfiguration: {
    pattern: '/configuration/establishments/:id',
    to: (establishmentId: string) => `/configuration/establishments/${id(establishmentId)}`,
  },
  establishments: { pattern: '/establishments', to: () => '/establishments' },
  establishment: {
    pattern: '/establishments/:id',
    to: (establishmentId: string) => `/establishments/${id(establishmentId)}`,
  },
  contactSupport: { pattern: '/contact-support', to: () => '/contact-support' },
  /** The audit trail (organisation section); the query narrows it (`subjectType` + `subjectId`, `actorUserId`). */
  audit: {
    pattern: '/audit',
    to: (query?: { subjectType?: string; subjectId?: string; actorUserId?: string; type?: string }) =>
      withQuery('/audit', query),
  },
  workTime: {
    pattern: '/work-time',
    to: (query?: { month?: string; holderId?: string; status?: string }) => withQuery('/work-time', query),
  },

  // Managing
  blueprints: { pattern: '/managing/blueprints', to: () => '/managing/blueprints' },
  blueprint: {
    pattern: '/managing/blueprints/:id',
    to: (blueprintId: string) => `/managing/blueprints/${id(blueprintId)}`,
  },
  managedService: {
    pattern: '/managing/services/:id',
    to: (serviceId: string) => `/managing/services/${id(serviceId)}`,
  },
  managedPrestation: {
    pattern: '/managing/prestations/:id',
    to: (prestationId: string) => `/managing/prestations/${id(prestationId)}`,
  },
  periods: { pattern: '/managing/periods', to: () => '/managing/periods' },
  period: { pattern: '/managing/periods/:id', to: (periodId: string) => `/managing/periods/${id(periodId)}` },

  // Catalogue
  catalog: { pattern: '/catalog', to: () => '/catalog' },
  catalogBlueprint: {
    pattern: '/catalog/blueprints/:id',
    to: (blueprintId: string) => `/catalog/blueprints/${id(blueprintId)}`,
  },

  // Attendance
  attendanceServices: { pattern: '/attendance/services', to: () => '/attendance/services' },
  attendanceService: {
    pattern: '/attendance/services/:id',
    to: (serviceId: string) => `/attendance/services/${id(serviceId)}`,
  },

  // Holdings (a holder's own sessions)
  holdingServices: { pattern: '/holdings/services', to: () => '/holdings/services' },
  holdingService: {
    pattern: '/holdings/services/:id',
    to: (serviceId: string) => `/holdings/services/${id(serviceId)}`,
  },
  holdingPrestation: {
    pattern: '/holdings/prestations/:id',
    to: (prestationId: string) => `/holdings/prestations/${id(prestationId)}`,
  },
  holdingAttendees: { pattern: '/holdings/attendees', to: () => '/holdings/attendees' },

  // Signed in, simple layout
  createInvoice: { pattern: '/accounting/create-invoice', to: () => '/accounting/create-invoice' },
  createCreditNote: {
    pattern: '/accounting/create-credit-note',
    /** `invoiceId`: the invoice the credit note corrects, chosen already. */
    to: (query?: { invoiceId?: string }) => withQuery('/accounting/create-credit-note', query),
  },
  createService: {
    pattern: '/services/create',
    to: (query?: { blueprintId?: string; periodId?: string }) => withQuery('/services/create', query),
  },
  createPeriod: { pattern: '/periods/create', to: () => '/periods/create' },
  periodManageServices: {
    pattern: '/periods/:id/manage-services',
    to: (periodId: string) => `/periods/${id(periodId)}/manage-services`,
  },
  periodPlanNext: {
    pattern: '/periods/:id/plan-next',
    to: (periodId: string) => `/periods/${id(periodId)}/plan-next`,
  },
  periodInviteAttendees: {
    pattern: '/periods/:id/invite-attendees',
    to: (periodId: string) => `/periods/${id(periodId)}/invite-attendees`,
  },
  createOrganization: { pattern: '/organizations/create', to: () => '/organizations/create' },
  createEstablishment: { pattern: '/establishments/create', to: () => '/establishments/create' },
} as const;

/** Pages where an unauthenticated visitor signs in, signs up or recovers a password. */
export const AUTHENTICATION_PATHS: readonly string[] = [
  paths.login.pattern,
  paths.register.pattern,
  paths.forgotPassword.pattern,
  paths.resetPassword.pattern,
];

/** The full path of a location, query and hash included: what the login redirect must keep. */
export function fullPath(location: { pathname: string; search?: string; hash?: string }): string {
  return `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
}

/**
 * A `redirect` query value is only followed when it stays on this site: a path starting with one '/'.
 * Anything else (an absolute URL, '//evil.test') falls back to the index, so the login cannot be used
 * as an open redirect.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return paths.home.to();
  }
  return value;
}
