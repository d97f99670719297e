import { act, render, screen } from '@testing-library/react';
import { TOAST_DURATION_MS } from '@logbook/contracts/constants';
import { Toaster } from '../src/components/Toaster';
import { dismissToast, getToasts, resetToasts, toast } from '@logbook/shell-context/toasts';

beforeEach(() => {
  jest.useFakeTimers();
  resetToasts();
});

afterEach(() => {
  act(() => resetToasts());
  jest.useRealTimers();
});

test('shows one toast with its title and description', () => {
  render(<Toaster />);
  act(() => {
    toast({ title: 'Login successful', description: 'Welcome back!' });
  });
  expect(screen.getByText('Login successful')).toBeTruthy();
  expect(screen.getByText('Welcome back!')).toBeTruthy();
  expect(screen.getAllByTestId('toast')).toHaveLength(1);
});

test('a later toast replaces the visible one', () => {
  render(<Toaster />);
  act(() => {
    toast({ title: 'Draft Saved' });
  });
  act(() => {
    toast({ title: 'Login failed', description: 'Invalid credentials', variant: 'destructive' });
  });
  const shown = screen.getAllByTestId('toast');
  expect(shown).toHaveLength(1);
  expect(screen.queryByText('Draft Saved')).toBeNull();
  expect(shown[0].textContent).toContain('Login failed');
  expect(shown[0].getAttribute('role')).toBe('alert');
  expect(getToasts()).toHaveLength(1);
});

test(`a toast stays ${TOAST_DURATION_MS} ms and then hides`, () => {
  render(<Toaster />);
  act(() => {
    toast({ title: 'Settings updated' });
  });
  act(() => {
    jest.advanceTimersByTime(TOAST_DURATION_MS - 1);
  });
  expect(screen.queryByText('Settings updated')).not.toBeNull();
  act(() => {
    jest.advanceTimersByTime(1);
  });
  expect(screen.queryByText('Settings updated')).toBeNull();
});

test('the replacing toast gets its own full display time', () => {
  render(<Toaster />);
  act(() => {
    toast({ title: 'First' });
  });
  act(() => {
    jest.advanceTimersByTime(4_000);
    toast({ title: 'Second' });
  });
  act(() => {
    jest.advanceTimersByTime(4_000);
  });
  // The first toast's timer must not hide the second one.
  expect(screen.queryByText('Second')).not.toBeNull();
  act(() => {
    jest.advanceTimersByTime(1_000);
  });
  expect(screen.queryByText('Second')).toBeNull();
});

test('a toast can be dismissed early and its action runs once', () => {
  const onUndo = jest.fn();
  render(<Toaster />);
  act(() => {
    toast({ title: 'Draft deleted', action: { label: 'Undo', onClick: onUndo } });
  });
  act(() => {
    screen.getByRole('button', { name: 'Undo' }).click();
  });
  expect(onUndo).toHaveBeenCalledTimes(1);
  expect(screen.queryByText('Draft deleted')).toBeNull();

  let id = '';
  act(() => {
    id = toast({ title: 'URL copied to clipboard' }).id;
  });
  act(() => dismissToast(id));
  expect(screen.queryByText('URL copied to clipboard')).toBeNull();
});
