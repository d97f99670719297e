import { act, renderHook } from '@testing-library/react';
import { provideWaitingSessions, waitingSessionsAccess } from '@logbook/shell-context/outboxAccess';
import { parentAccount, rememberAccount } from '../src/deviceAccount';
import { useSignOutGuard, waitingSessionCount, type WaitingSessionsAccess } from '../src/signOutGuard';

/** An outbox holding `waiting` sessions of the parent 12; sending leaves `left` of them. */
function outbox(waiting: number, left = waiting) {
  const access: WaitingSessionsAccess & { held: number } = {
    held: waiting,
    waitingCount: jest.fn(async (account: string) => (account === parentAccount(12) ? access.held : 0)),
    sendWaiting: jest.fn(async () => {
      access.held = left;
      return left;
    }),
  };
  provideWaitingSessions(async () => access);
  return access;
}

function guard() {
  const signOut = jest.fn(async () => true);
  const { result } = renderHook(() => useSignOutGuard(signOut, waitingSessionsAccess));
  return { result, signOut };
}

beforeEach(() => {
  localStorage.clear();
  provideWaitingSessions(undefined);
  rememberAccount(parentAccount(12));
});

describe('sessions waiting on this device', () => {
  it('are counted for the signed-in account through the outbox the shell hands in', async () => {
    expect(await waitingSessionCount(waitingSessionsAccess)).toBeNull();
    outbox(2);
    expect(await waitingSessionCount(waitingSessionsAccess)).toBe(2);
    expect(await waitingSessionCount(waitingSessionsAccess, 'parent-99')).toBe(0);
    provideWaitingSessions(async () => {
      throw new Error('The sessions code could not be fetched.');
    });
    expect(await waitingSessionCount(waitingSessionsAccess)).toBeNull();
  });

  it('are none to ask about while nobody is signed in on this device', async () => {
    const access = outbox(2);
    localStorage.clear();
    expect(await waitingSessionCount(waitingSessionsAccess)).toBe(0);
    expect(access.waitingCount).not.toHaveBeenCalled();
  });
});

describe('signing out', () => {
  it('signs out at once where there is no outbox to ask', async () => {
    const { result, signOut } = guard();
    await act(() => result.current.requestSignOut());
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('signs out at once when nothing waits', async () => {
    outbox(0);
    const { result, signOut } = guard();
    await act(() => result.current.requestSignOut());
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(result.current.waiting).toBe(0);
  });

  it('asks first when sessions wait, and signs out once trying again has sent them all', async () => {
    const access = outbox(2, 0);
    const { result, signOut } = guard();
    await act(() => result.current.requestSignOut());
    expect(signOut).not.toHaveBeenCalled();
    expect(result.current.waiting).toBe(2);

    await act(() => result.current.sendNow());
    expect(access.sendWaiting).toHaveBeenCalledWith('parent-12');
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(result.current.waiting).toBe(0);
  });

  it('keeps asking while some still wait; staying closes the question, signing out anyway keeps them', async () => {
    const access = outbox(3, 1);
    const { result, signOut } = guard();
    await act(() => result.current.requestSignOut());
    await act(() => result.current.sendNow());
    expect(result.current).toMatchObject({ waiting: 1, stillWaiting: true });
    expect(signOut).not.toHaveBeenCalled();

    act(() => result.current.stay());
    expect(result.current).toMatchObject({ waiting: 0, stillWaiting: false });

    await act(() => result.current.requestSignOut());
    await act(() => result.current.signOutAnyway());
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(access.held).toBe(1);
  });
});
