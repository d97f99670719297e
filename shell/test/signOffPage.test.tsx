import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SIGN_OFF_MESSAGES } from '@logbook/contracts/sign-off';
import { routePatterns } from '@logbook/shell-context/routes';
import { ShellRouting } from '../src/lib/ShellRouting';
import { SignOffPage } from '../src/features/sign-off/components/SignOffPage';

const TOKEN = 'Zx9_Qv7-Lm3Kp2Nw8Rt5Ys1Ub4Hc6Jd0';
const fetchMock = jest.fn();

beforeEach(() => {
  fetchMock.mockReset();
  // The one answer to a token not live: enough to see what the page asked and how.
  fetchMock.mockResolvedValue({
    ok: false,
    status: 404,
    statusText: '',
    text: async () => JSON.stringify({ message: SIGN_OFF_MESSAGES.linkNotLive }),
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

function renderAt(address: string) {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <ShellRouting>
        <Routes>
          <Route path={routePatterns.signOff} element={<SignOffPage />} />
          <Route path={routePatterns.signOffWithTokenInPath} element={<SignOffPage />} />
        </Routes>
      </ShellRouting>
    </MemoryRouter>,
  );
}

/** What the page sent: the path, the body, and whether it named the page it was on. */
const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url,
    method: init?.method,
    body: JSON.parse(init?.body ?? 'null'),
    referrerPolicy: init?.referrerPolicy,
  }));

describe('the signing page', () => {
  test.each([
    ['a link with the token in the fragment', `/sign#${TOKEN}`],
    ['a link sent earlier with the token in the path', `/sign/${TOKEN}`],
  ])('opened from %s, sends the token in the body and no Referer', async (_kind, address) => {
    renderAt(address);
    expect(await screen.findByText('This link no longer works')).toBeTruthy();
    expect(sent()).toEqual([
      { url: '/api/signing/entry', method: 'POST', body: { token: TOKEN }, referrerPolicy: 'no-referrer' },
    ]);
  });
});
