import { render } from '@testing-library/react';
import { SWRConfig } from 'swr';
import NewSession from '../src/app/routes/NewSession';
import { renderFrames } from '../src/app/frames';
import { RoutedMemoryRouter } from './routed';

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

describe('the new session frame', () => {
  it("is published for a student's new session: header, title and the loading student, with its styles", () => {
    const [frame, ...others] = renderFrames();
    expect(others).toEqual([]);
    expect(frame.path).toBe('/students/:studentId/new-session');
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
    expect(asPage(container.innerHTML)).toBe(asPage(renderFrames()[0].html));
  });
});
