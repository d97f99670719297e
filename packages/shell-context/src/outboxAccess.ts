import type { WaitingSessionsAccess } from '@logbook/session-device/signOutGuard';

export type { WaitingSessionsAccess };

let provider: (() => Promise<WaitingSessionsAccess | null>) | undefined;

/**
 * The shell hands in how to reach the sessions app's outbox (it owns loading remotes), so a remote's sign-out can ask
 * what still waits on this device; tests hand in their own.
 */
export function provideWaitingSessions(load: (() => Promise<WaitingSessionsAccess | null>) | undefined): void {
  provider = load;
}

/** The outbox, loaded on first use; null when there is none to reach or it cannot be loaded. */
export async function waitingSessionsAccess(): Promise<WaitingSessionsAccess | null> {
  try {
    return (await provider?.()) ?? null;
  } catch {
    return null;
  }
}
