import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { FAMILY_MESSAGES } from '@logbook/contracts/family';
import { routePatterns } from '@logbook/shell-context/routes';
import { ShellRouting } from '../src/lib/ShellRouting';
import { JoinFamilyPage } from '../src/features/auth/components/JoinFamilyPage';

const TOKEN = 'Zx9_Qv7-Lm3Kp2Nw8Rt5Ys1Ub4Hc6Jd0';
type Answer = { status: number; body?: unknown };
let answers: Record<string, Answer>;
const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
  const answer = answers[`${init?.method ?? 'GET'} ${url}`] ?? { status: 404, body: { message: 'Not found' } };
  const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
  return {
    ok: answer.status < 300,
    status: answer.status,
    statusText: '',
    headers: new Headers(),
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  };
});

beforeEach(() => {
  fetchMock.mockClear();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderAt(address: string) {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <ShellRouting>
        <Routes>
          <Route path={routePatterns.joinFamily} element={<JoinFamilyPage />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </ShellRouting>
    </MemoryRouter>,
  );
}

const posted = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => ({ url, body: JSON.parse(String(init?.body)) }));

const live = { status: 200, body: { email: 'bob@example.com', expiresAt: '2026-12-01T00:00:00.000Z' } };

describe('the invitation page', () => {
  it('sends the token from the fragment in the body, and says the same for every dead link', async () => {
    answers = {};
    renderAt(`/join#${TOKEN}`);
    expect(await screen.findByText(FAMILY_MESSAGES.deadLink)).toBeTruthy();
    expect(posted()).toEqual([{ url: '/api/family/invitations/open', body: { token: TOKEN } }]);
  });

  it('offers to register with the invited address, or to sign in', async () => {
    answers = { 'POST /api/family/invitations/open': live, 'GET /api/user': { status: 401 } };
    renderAt(`/join#${TOKEN}`);
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(email.value).toBe('bob@example.com');
    expect(screen.getByLabelText('Confirm Password')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign in and join' })).toBeTruthy();
    expect(screen.queryByLabelText('Confirm Password')).toBeNull();
  });

  it("joins as the adult signed in, and shows the server's words when they must leave their family first", async () => {
    answers = {
      'POST /api/family/invitations/open': live,
      'GET /api/user': { status: 200, body: { id: 5, email: 'bob@example.com' } },
      'POST /api/family/join': { status: 409, body: { message: FAMILY_MESSAGES.inAnotherFamily } },
    };
    renderAt(`/join#${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Join the family' }));
    expect(await screen.findByText(FAMILY_MESSAGES.inAnotherFamily)).toBeTruthy();
    expect(posted().at(-1)).toEqual({ url: '/api/family/join', body: { token: TOKEN } });
  });

  it('goes to the dashboard once joined', async () => {
    answers = {
      'POST /api/family/invitations/open': live,
      'GET /api/user': { status: 200, body: { id: 5, email: 'bob@example.com' } },
      'POST /api/family/join': { status: 200, body: { message: FAMILY_MESSAGES.joined } },
    };
    renderAt(`/join#${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Join the family' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboard'));
  });
});
