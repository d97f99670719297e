import { act, render, screen } from '@testing-library/react';
import useSWR, { SWRConfig } from 'swr';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import { preloadScreenData } from '../src/app/AppRoutes';
import { server, students } from './screenDataServer';

const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

describe('a student’s screen opened as a page', () => {
  test('who is signed in is asked while the code is on its way, and the screen draws from that answer', async () => {
    const asked = server();
    preloadScreenData('/student-dashboard', students);
    await settle();
    expect(asked).toEqual(['/api/student-auth']);
    // As a student's screen reads it before its own check with the server has answered.
    function Who() {
      const { data } = useSWR<{ student: { firstName: string } } | null>('/api/student-auth', {
        revalidateOnMount: false,
      });
      return <p>{data ? data.student.firstName : 'checking'}</p>;
    }
    render(
      <SWRConfig value={swrConfig}>
        <Who />
      </SWRConfig>,
    );
    expect(screen.getByText('Ann')).toBeTruthy();
    expect(asked).toEqual(['/api/student-auth']);
  });
});
