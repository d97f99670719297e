import type { ReactNode } from 'react';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { ContractError } from '@logbook/shell-context/apiClient';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import { useStudent, useStudents } from '@logbook/shell-context/students';
import { samLearner as sam } from './fixtures';

const originalFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = originalFetch;
});

function answer(bodies: Record<string, unknown>) {
  const fake = jest.fn(async (input: RequestInfo | URL) => {
    const body = bodies[String(input)];
    if (body === undefined) throw new Error(`Unexpected request ${String(input)}`);
    return { ok: true, status: 200, statusText: 'OK', json: async () => body, text: async () => JSON.stringify(body) };
  });
  globalThis.fetch = fake as unknown as typeof fetch;
  return fake;
}

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>{children}</SWRConfig>
);

describe('the student hooks every remote shares', () => {
  it('give the student the server sent when it matches the contract', async () => {
    answer({ '/api/students/7': sam, '/api/students': [sam] });
    const one = renderHook(() => useStudent(7), { wrapper });
    await waitFor(() => expect(one.result.current.data).toEqual(sam));
    const all = renderHook(() => useStudents(), { wrapper });
    await waitFor(() => expect(all.result.current.data).toEqual([sam]));
  });

  it.each([
    ['an id as text', { ...sam, id: '7' }],
    ['no subscription status', { ...sam, subscriptionStatus: undefined }],
    ['nothing at all', null],
  ])('refuse a student with %s, as an error and never as data', async (_, body) => {
    answer({ '/api/students/7': body, '/api/students': [body] });
    const one = renderHook(() => useStudent(7), { wrapper });
    await waitFor(() => expect(one.result.current.error).toBeInstanceOf(ContractError));
    expect(one.result.current.data).toBeUndefined();
    const all = renderHook(() => useStudents(), { wrapper });
    await waitFor(() => expect(all.result.current.error).toBeInstanceOf(ContractError));
    expect(all.result.current.data).toBeUndefined();
  });

  it('ask for the students again when a screen opens a moment after another, and show the newer answer', async () => {
    function Screen({ name }: { name: string }) {
      const { data } = useStudents();
      return <p>{`${name}: ${data?.[0].subscriptionStatus ?? 'loading'}`}</p>;
    }
    const fake = answer({ '/api/students': [{ ...sam, subscriptionStatus: 'inactive' }] });
    const app = render(<Screen key="dashboard" name="dashboard" />, { wrapper });
    await screen.findByText('dashboard: inactive');

    const again = answer({ '/api/students': [sam] });
    app.rerender(<Screen key="account" name="account" />);
    await screen.findByText('account: active');
    expect(fake).toHaveBeenCalledTimes(1);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('ask nothing without a student id', async () => {
    const fake = answer({});
    const none = renderHook(() => useStudent(null), { wrapper });
    const off = renderHook(() => useStudents(false), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(none.result.current.data).toBeUndefined();
    expect(off.result.current.data).toBeUndefined();
    expect(fake).not.toHaveBeenCalled();
  });
});
