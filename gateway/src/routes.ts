/** The services behind the gateway, by the name the routing table and /api/health use. */
export const SERVICES = ['auth', 'students', 'billing', 'logbook'] as const;
export type ServiceName = (typeof SERVICES)[number];

/**
 * The one routing table: every call of the product's API, whatever its method, and the service that answers it.
 * A pattern ending in `/*` matches one or more further path segments.
 */
export const ROUTING_TABLE: ReadonlyArray<{ pattern: string; service: ServiceName }> = [
  { pattern: '/api/register', service: 'auth' },
  { pattern: '/api/login', service: 'auth' },
  { pattern: '/api/logout', service: 'auth' },
  { pattern: '/api/user', service: 'auth' },
  { pattern: '/api/user/password', service: 'auth' },
  { pattern: '/api/user/export', service: 'auth' },
  { pattern: '/api/password-reset', service: 'auth' },
  { pattern: '/api/password-reset/*', service: 'auth' },
  { pattern: '/api/student-login', service: 'auth' },
  { pattern: '/api/student-auth', service: 'auth' },
  { pattern: '/api/student-logout', service: 'auth' },
  { pattern: '/api/family', service: 'auth' },
  { pattern: '/api/family/*', service: 'auth' },

  { pattern: '/api/students', service: 'students' },
  { pattern: '/api/students/*', service: 'students' },

  { pattern: '/api/billing/*', service: 'billing' },
  { pattern: '/api/create-subscription', service: 'billing' },
  { pattern: '/api/cancel-subscription', service: 'billing' },
  { pattern: '/api/subscription/*', service: 'billing' },
  { pattern: '/api/stripe/webhook', service: 'billing' },

  { pattern: '/api/driving-sessions', service: 'logbook' },
  { pattern: '/api/driving-sessions/*', service: 'logbook' },
  { pattern: '/api/settings', service: 'logbook' },
  { pattern: '/api/settings/*', service: 'logbook' },
  { pattern: '/api/supervisors', service: 'logbook' },
  { pattern: '/api/supervisors/*', service: 'logbook' },
  { pattern: '/api/vehicles', service: 'logbook' },
  { pattern: '/api/verify/*', service: 'logbook' },
  // Public: a supervisor signs an entry from the link emailed to them (the token is the only key).
  { pattern: '/api/signing/*', service: 'logbook' },
  { pattern: '/api/sign-off/*', service: 'logbook' },
  { pattern: '/api/state-rules', service: 'logbook' },
];

const exact = new Map<string, ServiceName>();
const prefixes: Array<[string, ServiceName]> = [];
for (const { pattern, service } of ROUTING_TABLE) {
  if (pattern.endsWith('/*')) prefixes.push([pattern.slice(0, -1), service]);
  else exact.set(pattern, service);
}

/** The service for a request path (without its query), or undefined when no route matches. */
export function serviceFor(path: string): ServiceName | undefined {
  const direct = exact.get(path);
  if (direct) return direct;
  for (const [prefix, service] of prefixes) {
    if (path.length > prefix.length && path.startsWith(prefix)) return service;
  }
  return undefined;
}

/** Dot segments, empty segments and encoded slashes or dots could make a service see another route than we matched. */
export const isSafeApiPath = (path: string) => !/\/\.{1,2}(\/|$)|\/\/|%2e|%2f|%5c|\\/i.test(path);
