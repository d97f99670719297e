import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import NewSession from '../src/app/routes/NewSession';
import StudentSessions from '../src/app/routes/StudentSessions';
import { renderFrames } from '../src/app/frames';
import { Routed, RoutedMemoryRouter } from './routed';

const originalFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = originalFetch;
});

/** The markup as the page holds it, with React's generated ids and the hoisted style sheets taken out. */
function asPage(html: string) {
  const page = document.createElement('div');
  page.innerHTML = html;
  page.querySelectorAll('style').forEach((style) => style.remove());
  return page.innerHTML.replace(/ aria-(labelledby|describedby)="[^"]*"/g, '').replace(/ id="[^"]*"/g, '');
}

const frameOf = (path: string) => {
  const frame = renderFrames().find((f) => f.path === path);
  if (!frame) throw new Error(`no frame is published for ${path}`);
  return frame;
};

test('the frames published are those of the student sessions screen and of the new session form', () => {
  expect(renderFrames().map((f) => f.path)).toEqual([
    '/students/:studentId/sessions',
    '/students/:studentId/new-session',
  ]);
});

describe('the new session frame', () => {
  it("is published for a student's new session: header, title and the loading student, with its styles", () => {
    const frame = frameOf('/students/:studentId/new-session');
    expect(frame.expose).toBe('./NewSession');
    const page = document.createElement('div');
    page.innerHTML = frame.html;
    expect(page.querySelector('h1')?.textContent).toBe('New Driving Session');
    expect(page.querySelector('a.lls-header__brand')?.getAttribute('href')).toBe('/dashboard');
    expect(page.querySelector('[role="status"]')?.textContent).toContain('Loading student…');
    expect(page.querySelector('style')?.textContent).toContain('.lls-header');
  });

  it('is what the screen draws while its student is on the way', () => {
    // The student's answer has not come.
    globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined));
    const { container } = render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <RoutedMemoryRouter initialEntries={['/students/7/new-session']}>
          <NewSession studentId={7} />
        </RoutedMemoryRouter>
      </SWRConfig>,
    );
    expect(asPage(container.innerHTML)).toBe(asPage(frameOf('/students/:studentId/new-session').html));
  });
});

describe('the student sessions frame', () => {
  it('is the page before its student: header, the loading name, New Session and Start Drive not offered', () => {
    const frame = frameOf('/students/:studentId/sessions');
    expect(frame.expose).toBe('./StudentSessions');
    const page = document.createElement('div');
    page.innerHTML = frame.html;
    expect(page.querySelector('h1')?.textContent).toBe('Loading student…');
    expect(page.querySelector('a.lls-header__brand')?.getAttribute('href')).toBe('/dashboard');
    const buttons = [...page.querySelectorAll('button')];
    expect(buttons.map((b) => [b.textContent, b.disabled])).toEqual([
      ['New Session', true],
      ['Start Drive', true],
    ]);
    expect(page.querySelector('h2')?.textContent).toBe('Live drive');
    expect(page.querySelector('[role="status"]')?.textContent).toContain('Loading progress and sessions…');
    expect(page.querySelector('style')?.textContent).toContain('.lls-live-slot');
  });

  it('is what the screen draws while its student is on the way', () => {
    globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined));
    const { container } = render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <MemoryRouter initialEntries={['/students/7/sessions']}>
          <Routes>
            <Route
              path="/students/:studentId/sessions"
              element={
                <Routed>
                  <StudentSessions />
                </Routed>
              }
            />
          </Routes>
        </MemoryRouter>
      </SWRConfig>,
    );
    expect(asPage(container.innerHTML)).toBe(asPage(frameOf('/students/:studentId/sessions').html));
  });
});
