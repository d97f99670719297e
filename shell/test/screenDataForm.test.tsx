import { render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { studentKey, useStudent } from '@logbook/shell-context/students';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import { CURRENT_USER_KEY, useCurrentUser } from '@logbook/shell-context/useCurrentUser';
import { preloadScreenData } from '../src/app/AppRoutes';
import { server, students } from './screenDataServer';

function SessionsAsks({ id }: { id: number }) {
  const { data } = useStudent(id);
  return <p>{data ? `student ${data.id}` : 'loading'}</p>;
}

describe('the session form opened as a page', () => {
  test('the session form: who is signed in and the student', async () => {
    const asked = server();
    preloadScreenData('/students/13/new-session', students);
    await waitFor(() => expect([...asked].sort()).toEqual([CURRENT_USER_KEY, studentKey(13)].sort()));
    function FormAsks() {
      const { user } = useCurrentUser(true);
      return (
        <>
          <p>{user ? user.email : 'no one'}</p>
          <SessionsAsks id={13} />
        </>
      );
    }
    render(
      <SWRConfig value={swrConfig}>
        <FormAsks />
      </SWRConfig>,
    );
    expect(await screen.findByText('parent@example.com')).toBeTruthy();
    expect(await screen.findByText('student 13')).toBeTruthy();
    expect(asked).toHaveLength(2);
  });
});
