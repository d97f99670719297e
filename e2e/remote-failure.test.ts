import { expectHeading, expectPath, expectRemoteScreen } from './support/expectations';
import { journey } from './support/journey';
import { startTestStack, type TestStack } from './support/stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const ERROR_TITLE = 'This part of the app could not load';

journey(
  "with mf-parent's files unreachable its routes show the error boundary and the rest of the app works",
  async ({ page, context }) => {
    let blocked = true;
    await context.route('**/mf/parent/**', (route) => (blocked ? route.abort('connectionrefused') : route.continue()));

    for (const path of ['/dashboard', '/admin-settings', '/students/new']) {
      await page.goto(`${stack.url}${path}`);
      await expectHeading(page, ERROR_TITLE);
      await page.getByRole('button', { name: 'Retry' }).waitFor();
    }

    // The shell and the other remotes carry on.
    await page.getByRole('link', { name: 'Go to home page' }).click();
    await expectPath(page, '/');
    await expectHeading(page, /Every supervised drive/);
    await page.getByRole('link', { name: 'Parent Login', exact: true }).click();
    await expectHeading(page, 'Sign in');
    await page.goto(`${stack.url}/student-login`);
    await expectRemoteScreen(page);
    await page.goto(`${stack.url}/students/7/sessions`);
    await expectRemoteScreen(page);

    // Retry works once the files are reachable again: signed out, the dashboard sends the visitor to sign in.
    await page.goto(`${stack.url}/dashboard`);
    await expectHeading(page, ERROR_TITLE);
    blocked = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expectPath(page, '/login');
    await expectHeading(page, 'Sign in');
  },
  // Route interception must see every request, so the service worker stays out of this journey.
  { serviceWorkers: 'block' },
);
