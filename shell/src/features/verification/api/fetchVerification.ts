/** What GET /api/verify/:code answers: never a name or a signature, only what is needed to match the paper. */
export interface VerificationAnswer {
  intact: boolean;
  initials: string;
  sessionCount: number;
  totalHours: number;
  dayHours: number;
  nightHours: number;
  checkedAt: string;
  brokenAt?: {
    /** 1-based, in the order the sessions were logged. */
    entry: number;
    date: string | null;
    hash: string | null;
    problem: 'changed' | 'missing';
  };
}

export type VerificationOutcome =
  | { kind: 'checked'; answer: VerificationAnswer }
  | { kind: 'unknown' }
  | { kind: 'rateLimited' }
  | { kind: 'failed'; offline: boolean };

/** Asks the public check; no cookies are needed or sent. */
export async function fetchVerification(code: string, signal?: AbortSignal): Promise<VerificationOutcome> {
  let res: Response;
  try {
    res = await fetch(`/api/verify/${encodeURIComponent(code)}`, { credentials: 'omit', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'failed', offline: !navigator.onLine };
  }
  if (res.status === 404) return { kind: 'unknown' };
  if (res.status === 429) return { kind: 'rateLimited' };
  if (!res.ok) return { kind: 'failed', offline: false };
  try {
    return { kind: 'checked', answer: (await res.json()) as VerificationAnswer };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: 'failed', offline: false };
  }
}
