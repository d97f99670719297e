/** What the sessions app's outbox tells the rest of the product about sessions waiting on this device. */
export interface WaitingSessionsAccess {
  /** How many sessions of this account wait on this device to be sent. */
  waitingCount(account: string): Promise<number>;
  /** Tries to send them now; resolves with how many of this account still wait. */
  sendWaiting(account: string): Promise<number>;
}

let provider: (() => Promise<WaitingSessionsAccess | null>) | undefined;

/** The shell hands in how to reach the outbox (it owns loading remotes); tests hand in their own. */
export function provideWaitingSessions(load: (() => Promise<WaitingSessionsAccess | null>) | undefined): void {
  provider = load;
}

/** Whether the shell said how to reach the outbox (a remote running on its own has none). */
export const waitingSessionsProvided = (): boolean => provider !== undefined;

/** The outbox, loaded on first use; null when it cannot be reached. */
export async function waitingSessionsAccess(): Promise<WaitingSessionsAccess | null> {
  try {
    return (await provider?.()) ?? null;
  } catch {
    return null;
  }
}
