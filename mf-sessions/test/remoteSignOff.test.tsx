import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { DrivingSession } from '@logbook/contracts/schemas';
import { getToasts, resetToasts } from '@logbook/shell-context/toasts';
import { Routed } from './routed';
import { ProgressSummaryCard } from '../src/features/progress/components/ProgressSummaryCard';
import { SessionHistoryPanel } from '../src/features/session-history/components/SessionHistoryPanel';

const originalFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = originalFetch;
  resetToasts();
});

const session = (over: Partial<DrivingSession>): DrivingSession => ({
  id: 1,
  studentId: 7,
  date: '2026-03-07',
  startTime: '09:00',
  endTime: '10:00',
  duration: '1.0 hours',
  startSuburb: 'Norwood',
  endSuburb: 'Glenelg',
  timeOfDay: 'day',
  trafficConditions: 'light',
  roadConditions: 'sealed',
  supervisorName: 'Pat Driver',
  supervisorLicenseNumber: 'SA12345',
  clientId: 'c',
  createdAt: '2026-03-07T10:00:00.000Z',
  weatherConditions: 'rain',
  status: 'in_force',
  correctionOf: null,
  supersededBy: null,
  changeReason: null,
  changedAt: null,
  ...over,
});

const signedAt = '2026-03-09T03:14:00.000Z';
const list = [
  session({
    id: 5,
    supervisorName: 'Pat',
    status: 'awaiting',
    signOff: { status: 'awaiting', remote: true, supervisorEmail: 'pat@example.com' },
  }),
  session({
    id: 4,
    supervisorName: 'Robin Aunt',
    status: 'declined',
    changedAt: '2026-03-08T02:00:00.000Z',
    signOff: { status: 'declined', remote: true, declineReason: 'I was not in the car that day' },
  }),
  session({ id: 3, signedAt, signedRemotely: true, signOff: { status: 'signed', remote: true, signedAt } }),
  session({ id: 2 }),
];

/** The server: the history, and the answer given to a resend or a cancel (status and body). */
function serve(action: { status: number; body: unknown } = { status: 200, body: list[0] }) {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const answer = url.includes('/sign-off/') ? action : { status: 200, body: list };
    const text = JSON.stringify(answer.body);
    return {
      ok: answer.status < 400,
      status: answer.status,
      statusText: '',
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => answer.body,
      text: async () => text,
    };
  }) as unknown as typeof fetch;
  return calls;
}

function renderHistory(canCorrect: boolean) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={['/students/7/sessions']}>
        <Routed>
          <SessionHistoryPanel studentId={7} canCorrect={canCorrect} />
        </Routed>
      </MemoryRouter>
    </SWRConfig>,
  );
}

const listReads = (calls: Array<{ url: string }>) =>
  calls.filter((c) => c.url === '/api/driving-sessions/7?include=history').length;

describe('entries signed by the supervisor on their own phone, in the history', () => {
  it('shows an entry awaiting its supervisor, one declined with the reason, and one signed remotely with when', async () => {
    serve();
    renderHistory(true);
    const items = await screen.findAllByTestId('session-item');
    expect(items.map((i) => i.getAttribute('data-status'))).toEqual(['awaiting', 'declined', 'in_force', 'in_force']);
    expect(within(items[0]).getByTestId('session-sign-off').textContent).toBe("Awaiting Pat's signature");
    expect(within(items[1]).getByTestId('session-sign-off').textContent).toBe(
      'Declined by Robin Aunt: I was not in the car that day',
    );
    const when = new Date(signedAt).toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
    expect(within(items[2]).getByTestId('session-sign-off').textContent).toBe(`Signed remotely ${when}`);
    expect(within(items[3]).queryByTestId('session-sign-off')).toBeNull();
    // The parent may resend or cancel the request; an entry awaiting or declined is not corrected nor removed.
    expect(within(items[0]).getByRole('button', { name: /^Resend the link for the session of/ })).toBeTruthy();
    expect(within(items[0]).getByRole('button', { name: /^Cancel the request for the session of/ })).toBeTruthy();
    expect(within(items[0]).queryByRole('button', { name: /^Correct/ })).toBeNull();
    expect(within(items[1]).queryByRole('button')).toBeNull();
    expect(within(items[2]).getByRole('button', { name: /^Correct the session of/ })).toBeTruthy();
    // Only the entries in force count: 2.0 hours, not the awaiting nor the declined.
    expect(screen.getAllByText('2.0h').length).toBeGreaterThan(0);
    expect(screen.queryByText('4.0h')).toBeNull();
  });

  it('offers a student no Resend nor Cancel', async () => {
    serve();
    renderHistory(false);
    const items = await screen.findAllByTestId('session-item');
    expect(within(items[0]).getByTestId('session-sign-off').textContent).toBe("Awaiting Pat's signature");
    expect(within(items[0]).queryByRole('button')).toBeNull();
  });

  it('resends the link and reads the history again', async () => {
    const calls = serve();
    renderHistory(true);
    const items = await screen.findAllByTestId('session-item');
    expect(listReads(calls)).toBe(1);
    await act(async () => {
      fireEvent.click(within(items[0]).getByRole('button', { name: /^Resend/ }));
    });
    await waitFor(() => expect(listReads(calls)).toBe(2));
    const resend = calls.find((c) => c.url.includes('/sign-off/'))!;
    expect(resend.url).toBe('/api/driving-sessions/5/sign-off/resend');
    expect(resend.init?.method).toBe('POST');
    expect(getToasts().map((t) => t.title)).toEqual(['A new signing link was emailed to the supervisor']);
  });

  it('cancels only once the parent confirms, then reads the history again', async () => {
    const calls = serve();
    renderHistory(true);
    const items = await screen.findAllByTestId('session-item');
    fireEvent.click(within(items[0]).getByRole('button', { name: /^Cancel the request for the session of/ }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel this signature request?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.url.includes('/sign-off/'))).toBe(false);

    fireEvent.click(within(items[0]).getByRole('button', { name: /^Cancel the request for the session of/ }));
    dialog = screen.getByRole('dialog', { name: 'Cancel this signature request?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const cancel = calls.find((c) => c.url.includes('/sign-off/'))!;
    expect(cancel.url).toBe('/api/driving-sessions/5/sign-off/cancel');
    expect(cancel.init?.method).toBe('POST');
    await waitFor(() => expect(listReads(calls)).toBe(2));
    expect(getToasts().map((t) => t.title)).toEqual(['Signature request cancelled']);
  });

  it('says clearly when the server refuses, in its own words', async () => {
    const calls = serve({ status: 409, body: { message: 'This entry is not awaiting a signature' } });
    renderHistory(true);
    const items = await screen.findAllByTestId('session-item');
    fireEvent.click(within(items[0]).getByRole('button', { name: /^Cancel the request for the session of/ }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this signature request?' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    });
    await waitFor(() => expect(getToasts()).toHaveLength(1));
    expect(getToasts()[0]).toMatchObject({
      title: 'The signature request could not be cancelled',
      description: 'This entry is not awaiting a signature',
      variant: 'destructive',
    });
    // The dialog stays open to try again, and the history is read again to show the entry as it now is.
    expect(screen.getByRole('dialog', { name: 'Cancel this signature request?' })).toBeTruthy();
    await waitFor(() => expect(listReads(calls)).toBe(2));
  });
});

describe('hours awaiting a signature on the progress card', () => {
  const summary = {
    dayHours: 16,
    nightHours: 2,
    totalHours: 18,
    targets: { day: 75, night: 25, total: 100 },
    percent: { day: 21, night: 8, total: 18 },
    remaining: { day: 59, night: 23, total: 82 },
    badge: 'Getting Started',
    sessionCount: 5,
  };

  it('lists them apart, and says nothing when there are none', () => {
    const { rerender } = render(
      <ProgressSummaryCard summary={{ ...summary, awaitingSignature: { sessionCount: 2, hours: 2.5 } }} />,
    );
    expect(screen.getByTestId('awaiting-signature').textContent).toBe('2.5 h awaiting signature');
    expect(screen.getByTestId('hours-remaining').textContent).toBe('82.0h');
    rerender(<ProgressSummaryCard summary={{ ...summary, awaitingSignature: { sessionCount: 0, hours: 0 } }} />);
    expect(screen.queryByTestId('awaiting-signature')).toBeNull();
    rerender(<ProgressSummaryCard summary={summary} />);
    expect(screen.queryByTestId('awaiting-signature')).toBeNull();
  });
});
