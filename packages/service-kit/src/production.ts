/**
 * Settings a production deployment must not leave to a development default. Every service and the gateway check them
 * before they serve, so a missing one stops the start-up with a clear message instead of a quietly unsafe service.
 */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLocalOrigin(origin: URL): boolean {
  return LOCAL_HOSTS.has(origin.hostname);
}

/** Whether session cookies are marked Secure: on by default in production, off by default elsewhere. */
export function secureCookiesSetting(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env.COOKIE_SECURE?.trim();
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  return env.NODE_ENV === 'production';
}

/** What is missing or unsafe for production; empty outside production and when all is well. */
export function productionProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  let origin: URL | undefined;
  if (!env.PUBLIC_ORIGIN?.trim()) {
    problems.push(
      'PUBLIC_ORIGIN must be set in production (the address families open, e.g. https://logbook.example.com)',
    );
  } else {
    try {
      origin = new URL(env.PUBLIC_ORIGIN);
    } catch {
      problems.push(`PUBLIC_ORIGIN is not an origin: ${env.PUBLIC_ORIGIN}`);
    }
  }
  if (origin && origin.protocol !== 'https:' && !isLocalOrigin(origin)) {
    problems.push('PUBLIC_ORIGIN must use https in production (http is allowed for localhost only)');
  }
  if (!secureCookiesSetting(env) && !(origin && isLocalOrigin(origin))) {
    problems.push('COOKIE_SECURE=false is refused in production except for a localhost PUBLIC_ORIGIN');
  }
  return problems;
}

/** Throws with every problem listed, so one start-up attempt shows all that needs setting. */
export function assertProductionSettings(name: string, env: NodeJS.ProcessEnv = process.env): void {
  const problems = productionProblems(env);
  if (problems.length) throw new Error(`${name} will not start: ${problems.join('; ')}`);
}

/** The service that sends email (svc-auth) also needs a mail server in production: families must get reset links. */
export function mailProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const raw = env.SMTP_URL?.trim();
  if (!raw) return ['SMTP_URL must be set in production (e.g. smtps://user:password@smtp.example.com:465)'];
  try {
    const url = new URL(raw);
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return [`SMTP_URL must start with smtp:// or smtps://`];
  } catch {
    return ['SMTP_URL is not a valid address'];
  }
  return [];
}
