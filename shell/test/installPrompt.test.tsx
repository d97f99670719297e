import { act, fireEvent, render, screen } from '@testing-library/react';
import { InstallOffer } from '../src/features/pwa/components/InstallOffer';
import { InstallPrompt } from '../src/features/pwa/components/InstallPrompt';
import { watchInstallOffers } from '../src/features/pwa/lib/installOffer';

function offerInstall() {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompted = jest.fn(async () => undefined);
  Object.assign(event, { prompt: prompted, userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }) });
  act(() => void window.dispatchEvent(event));
  return { event, prompted };
}

test('an offer the browser makes before the prompt is first drawn is kept and shown', async () => {
  watchInstallOffers();
  const { event } = offerInstall();
  expect(event.defaultPrevented).toBe(true);

  render(<InstallPrompt />);
  expect(screen.getByTestId('install-prompt').textContent).toContain('Install Learner Logbook');

  fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByTestId('install-prompt')).toBeNull();

  const second = offerInstall();
  fireEvent.click(await screen.findByRole('button', { name: 'Install' }));
  expect(second.prompted).toHaveBeenCalledTimes(1);
  expect(screen.queryByTestId('install-prompt')).toBeNull();
});

test('the app fetches the prompt once an offer is made, and draws nothing before', async () => {
  watchInstallOffers();
  const { container } = render(<InstallOffer />);
  expect(container.innerHTML).toBe('');
  offerInstall();
  expect((await screen.findByTestId('install-prompt')).textContent).toContain('Install Learner Logbook');
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByTestId('install-prompt')).toBeNull();
});
