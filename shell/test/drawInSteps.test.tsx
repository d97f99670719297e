import { act, render, screen } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { useStudents } from '@logbook/shell-context/students';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import { server } from './screenDataServer';

const fresh = { ...swrConfig, provider: () => new Map() };

describe('data that arrives is drawn in steps', () => {
  test('the screen first keeps what it showed, reading as loading, then draws the data; it never reads as loaded without it', async () => {
    let answer: (value: string[]) => void = () => undefined;
    let arrived = false;
    const seen: Array<{ arrived: boolean; isLoading: boolean; isValidating: boolean; data: string[] | undefined }> = [];
    function Screen() {
      const { data, isLoading, isValidating } = useSWR('/api/things', () => new Promise<string[]>((r) => (answer = r)));
      seen.push({ arrived, isLoading, isValidating, data });
      return <p>{data ? data.join(', ') : isLoading ? 'loading' : 'nothing yet'}</p>;
    }
    render(
      <SWRConfig value={fresh}>
        <Screen />
      </SWRConfig>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      arrived = true;
      answer(['a', 'b']);
    });
    expect(await screen.findByText('a, b')).toBeTruthy();
    const afterArrival = seen.filter((s) => s.arrived);
    // The step drawn at once, with the answer in hand: what was shown, still loading.
    expect(afterArrival[0]).toEqual({ arrived: true, isLoading: true, isValidating: true, data: undefined });
    expect(afterArrival.at(-1)).toEqual({ arrived: true, isLoading: false, isValidating: false, data: ['a', 'b'] });
    expect(seen.filter((s) => !s.isLoading && s.data === undefined)).toEqual([]);
  });

  test('an error is shown as it comes', async () => {
    function Screen() {
      const { data, error } = useSWR('/api/broken', () => Promise.reject(new Error('Server unavailable')));
      return <p>{error ? (error as Error).message : data ? 'data' : 'loading'}</p>;
    }
    render(
      <SWRConfig value={fresh}>
        <Screen />
      </SWRConfig>,
    );
    expect(await screen.findByText('Server unavailable')).toBeTruthy();
  });

  test('a list that asks again when its answer was set aside asks once: the step before the data is drawn is not taken for one', async () => {
    const asked = server();
    function Dashboard() {
      const { data } = useStudents(true);
      return <p>{data ? `${data.length} students` : 'loading'}</p>;
    }
    render(
      <SWRConfig value={fresh}>
        <Dashboard />
      </SWRConfig>,
    );
    expect(await screen.findByText('1 students')).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(asked).toEqual(['/api/students']);
  });
});
