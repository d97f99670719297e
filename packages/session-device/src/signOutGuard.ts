import { useRef, useState } from 'react';
import { signedInAccount } from './deviceAccount';

/** What the sessions app's outbox tells the rest of the product about sessions waiting on this device. */
export interface WaitingSessionsAccess {
  /** How many sessions of this account wait on this device to be sent. */
  waitingCount(account: string): Promise<number>;
  /** Tries to send them now; resolves with how many of this account still wait. */
  sendWaiting(account: string): Promise<number>;
}

/** Reaches the outbox (the shell's `waitingSessionsAccess`); null when there is none or it cannot be loaded. */
export type OutboxLoader = () => Promise<WaitingSessionsAccess | null>;

/** Unsent sessions of the signed-in account; null when there is no outbox to ask or it could not be read. */
export async function waitingSessionCount(outbox: OutboxLoader, account = signedInAccount()): Promise<number | null> {
  if (!account) return 0;
  const access = await outbox();
  if (!access) return null;
  try {
    return await access.waitingCount(account);
  } catch {
    return null;
  }
}

export interface SignOutGuard {
  /** Sign-out was asked for: signs out at once, or opens the question when sessions wait. */
  requestSignOut: () => Promise<void>;
  /** Sessions waiting, while the question is open; 0 when it is closed. */
  waiting: number;
  /** The last "try sending now" left some unsent. */
  stillWaiting: boolean;
  sending: boolean;
  signingOut: boolean;
  sendNow: () => Promise<void>;
  stay: () => void;
  signOutAnyway: () => Promise<void>;
}

/**
 * Sign-out that never leaves sessions behind unnoticed: with sessions still waiting to be sent it asks first.
 * Signing out anyway keeps them in this account's outbox on this device, sent when the account signs in here again.
 * `signOut` resolves true once the server has signed the account out; `outbox` reaches the sessions waiting.
 */
export function useSignOutGuard(signOut: () => Promise<boolean>, outbox: OutboxLoader): SignOutGuard {
  const [waiting, setWaiting] = useState(0);
  const [stillWaiting, setStillWaiting] = useState(false);
  const [sending, setSending] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const counting = useRef(false);

  const finish = async () => {
    setSigningOut(true);
    const done = await signOut();
    setSigningOut(false);
    if (done) {
      setWaiting(0);
      setStillWaiting(false);
    }
  };

  const requestSignOut = async () => {
    // Not shown as busy while counting: a disabled Logout button would lose the focus the dialog gives back.
    if (counting.current) return;
    counting.current = true;
    // Counting cannot fail the sign-out: unsent sessions stay in this account's outbox whatever happens here.
    const count = await waitingSessionCount(outbox).finally(() => {
      counting.current = false;
    });
    if (count && count > 0) {
      setStillWaiting(false);
      setWaiting(count);
      return;
    }
    await finish();
  };

  const sendNow = async () => {
    const account = signedInAccount();
    const access = account ? await outbox() : null;
    setSending(true);
    let left = waiting;
    try {
      if (access && account) left = await access.sendWaiting(account);
    } catch {
      // Nothing was lost: the sessions are still in the outbox.
    }
    setSending(false);
    if (left === 0) {
      setWaiting(0);
      await finish();
      return;
    }
    setWaiting(left);
    setStillWaiting(true);
  };

  return {
    requestSignOut,
    waiting,
    stillWaiting,
    sending,
    signingOut,
    sendNow,
    stay: () => {
      setWaiting(0);
      setStillWaiting(false);
    },
    signOutAnyway: finish,
  };
}
