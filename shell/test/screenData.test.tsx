import { act, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { studentKey, useStudent, useStudents } from '@logbook/shell-context/students';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import { CURRENT_USER_KEY, useCurrentUser } from '@logbook/shell-context/useCurrentUser';
import { preloadScreenData } from '../src/app/AppRoutes';
import { server, students } from './screenDataServer';

const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

// swr's preloads and cache are the page's, asked once as it opens: each test takes every answer it preloads, and a
// page that starts with someone signed out, or on the session form, is a file of its own (a fresh page).

function DashboardAsks() {
  const { user } = useCurrentUser(true);
  const { data } = useStudents(Boolean(user));
  return <p>{data ? `${data.length} students` : 'loading'}</p>;
}

function SessionsAsks({ id }: { id: number }) {
  const { data } = useStudent(id);
  return <p>{data ? `student ${data.id}` : 'loading'}</p>;
}

describe('a parent screen’s data is asked while its code is on its way', () => {
  test('the dashboard: who is signed in, then the students; the screen takes both answers, asking nothing again', async () => {
    const asked = server();
    preloadScreenData('/dashboard', students);
    await settle();
    expect(asked).toEqual([CURRENT_USER_KEY, '/api/students']);
    render(
      <SWRConfig value={swrConfig}>
        <DashboardAsks />
      </SWRConfig>,
    );
    expect(await screen.findByText('1 students')).toBeTruthy();
    expect(asked).toEqual([CURRENT_USER_KEY, '/api/students']);
  });

  test('a student’s sessions: that student alone, and the screen takes the answer', async () => {
    const asked = server();
    preloadScreenData('/students/12/sessions', students);
    await settle();
    expect(asked).toEqual([studentKey(12)]);
    render(
      <SWRConfig value={swrConfig}>
        <SessionsAsks id={12} />
      </SWRConfig>,
    );
    expect(await screen.findByText('student 12')).toBeTruthy();
    expect(asked).toEqual([studentKey(12)]);
  });

  test('sends its first asks before the code that reads them has arrived', async () => {
    const asked = server();
    preloadScreenData('/students/14/new-session', () => new Promise(() => undefined));
    await settle();
    expect([...asked].sort()).toEqual([CURRENT_USER_KEY, studentKey(14)].sort());
  });

  test('an address that is not a student’s, and the screens that ask nothing first, ask nothing', async () => {
    const asked = server();
    for (const path of ['/students/abc/sessions', '/login', '/', '/nowhere']) preloadScreenData(path, students);
    await settle();
    expect(asked).toEqual([]);
  });
});
