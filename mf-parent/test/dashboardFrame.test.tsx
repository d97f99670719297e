import { screen } from '@testing-library/react';
import Dashboard from '../src/app/routes/Dashboard';
import { renderFrames } from '../src/app/frames';
import { fakeFetch, renderWithProviders } from './render';

/**
 * The markup as the page holds it, with React's generated ids taken out (they differ between a page drawn at build
 * time and in the app).
 */
function asPage(html: string) {
  const page = document.createElement('div');
  page.innerHTML = html;
  return page.innerHTML.replace(/ aria-(labelledby|describedby)="[^"]*"/g, '').replace(/ id="[^"]*"/g, '');
}

describe('the dashboard frame', () => {
  it('is published for /dashboard: header, title, subtitle and Add Student, with no account in it', () => {
    const [frame, ...others] = renderFrames();
    expect(others).toEqual([]);
    expect(frame.path).toBe('/dashboard');
    expect(frame.expose).toBe('./Dashboard');
    const page = document.createElement('div');
    page.innerHTML = frame.html;
    expect(page.querySelector('h1')?.textContent).toBe('Your Students');
    expect(page.querySelector('.ll-page__subtitle')?.textContent).toBe(
      "Manage each learner's subscription, login and progress.",
    );
    expect(page.querySelector('a[href="/students/new"]')?.textContent).toBe('Add Student');
    expect(page.querySelector('a[href="/admin-settings"]')?.textContent).toBe('Settings');
    expect(page.querySelector('[data-testid="user-email"]')).toBeNull();
    expect(page.querySelector('[role="status"]')?.textContent).toContain('Loading your students…');
  });

  it('is what the screen draws while it checks who is signed in', async () => {
    fakeFetch({ 'GET /api/user': { body: { id: 1, email: 'parent@example.com' } }, 'GET /api/students': { body: [] } });
    const { container } = renderWithProviders(<Dashboard />, { path: '/dashboard', route: '/dashboard' });
    const drawnFirst = container.innerHTML.replace(/<output data-testid="location">.*<\/output>/, '');
    expect(asPage(drawnFirst)).toBe(asPage(renderFrames()[0].html));
    await screen.findByText('No students yet');
    expect(screen.getByTestId('user-email').textContent).toBe('parent@example.com');
  });
});
