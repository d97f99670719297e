import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Routed } from './routed';
import { clearRunningDrive, readRunningDrive, startRunningDrive } from '@logbook/session-device/runningDrive';
import { resetToasts } from '@logbook/shell-context/toasts';
import LiveDrive from '../src/app/widgets/LiveDrive';

beforeAll(() => {
  // No location on this device: the drive still starts, without a suburb.
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
});

beforeEach(() => {
  localStorage.clear();
  resetToasts();
});

function renderWidget(canStart = true) {
  return render(
    <MemoryRouter initialEntries={['/students/7/sessions']}>
      <Routed>
        <LiveDrive studentId={7} viewer="parent" canStart={canStart} />
      </Routed>
    </MemoryRouter>,
  );
}

describe('the live drive widget', () => {
  it('offers Start Drive with no drive running, and the running card once it is pressed', async () => {
    renderWidget();
    expect(screen.getByRole('heading', { name: 'Live drive' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start Drive' }));
    expect(readRunningDrive(7)).toBeTruthy();
    // Never a second Start Drive while the running card's code arrives.
    expect(screen.queryByRole('button', { name: 'Start Drive' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'End Drive' })).toBeTruthy();
    expect(screen.getByTestId('running-drive').textContent).toContain('Drive in progress');
  });

  it('opens on the running drive kept on this device, even where Start Drive is not offered', async () => {
    startRunningDrive(7);
    renderWidget(false);
    expect(screen.getByRole('heading', { name: 'Drive in progress' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Drive' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'End Drive' })).toBeTruthy();
  });

  it('shows Start Drive, not offered, where the subscription does not allow a drive, and goes back to Start Drive when a running one is discarded elsewhere', async () => {
    const { unmount } = renderWidget(false);
    expect(screen.getByRole('heading', { name: 'Live drive' })).toBeTruthy();
    const start = screen.getByRole('button', { name: 'Start Drive' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    fireEvent.click(start);
    expect(readRunningDrive(7)).toBeUndefined();
    unmount();
    startRunningDrive(7);
    renderWidget();
    await screen.findByRole('button', { name: 'End Drive' });
    clearRunningDrive(7);
    const offered = (await screen.findByRole('button', { name: 'Start Drive' })) as HTMLButtonElement;
    expect(offered.disabled).toBe(false);
  });
});
