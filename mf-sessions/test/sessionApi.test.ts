/** @jest-environment node */
import { TOASTS } from '@logbook/contracts/messages';
import { sendDrivingSession } from '../src/lib/sessionApi';
import type { DrivingSessionInput } from '@logbook/contracts/schemas';

const body = { studentId: 7, clientId: '0b6f3e1c-3a51-4b1a-9a52-5c0d1f3e9a10' } as DrivingSessionInput;

const answer = (status: number, text = '') =>
  jest.fn(async () => new Response(text || null, { status, statusText: 'x' })) as unknown as typeof fetch;

describe('sending a session', () => {
  it('posts JSON with cookies and the client id', async () => {
    const fetchImpl = answer(201, '{"id":1}');
    expect(await sendDrivingSession(body, fetchImpl)).toEqual({ kind: 'sent' });
    const [url, init] = (fetchImpl as jest.Mock).mock.calls[0];
    expect(url).toBe('/api/driving-sessions');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(JSON.parse(init.body)).toEqual({ ...body, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  });

  it('tells the server the device’s time zone, or the one the session was queued in', async () => {
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    const zone = jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolved.call(this), timeZone: 'Pacific/Auckland' };
    });
    try {
      const fetchImpl = answer(201, '{"id":1}');
      await sendDrivingSession(body, fetchImpl);
      await sendDrivingSession({ ...body, timeZone: 'Australia/Perth' }, fetchImpl);
      const sent = (fetchImpl as jest.Mock).mock.calls.map(([, init]) => JSON.parse(init.body).timeZone);
      expect(sent).toEqual(['Pacific/Auckland', 'Australia/Perth']);
    } finally {
      zone.mockRestore();
    }
  });

  it('calls a 4xx answer a refusal with the server message', async () => {
    expect(await sendDrivingSession(body, answer(403, '{"message":"An active subscription is required"}'))).toEqual({
      kind: 'refused',
      status: 403,
      message: 'An active subscription is required',
    });
    expect(await sendDrivingSession(body, answer(400, 'nope'))).toMatchObject({
      kind: 'refused',
      message: TOASTS.sessionCreateFailed,
    });
  });

  it('keeps server faults, lapsed sign-ins and network failures for another try', async () => {
    expect(await sendDrivingSession(body, answer(503, '{"message":"busy"}'))).toMatchObject({
      kind: 'retry',
      status: 503,
      message: 'busy',
    });
    expect(await sendDrivingSession(body, answer(401))).toMatchObject({ kind: 'retry', status: 401 });
    const offline = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await sendDrivingSession(body, offline)).toEqual({ kind: 'retry', reason: 'Failed to fetch' });
  });
});
