import { act, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import { CURRENT_USER_KEY, useCurrentUser } from '@logbook/shell-context/useCurrentUser';
import { preloadScreenData } from '../src/app/AppRoutes';
import { server, students } from './screenDataServer';

const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));

describe('the dashboard opened as a page by someone signed out', () => {
  test('signed out, the students are not asked (no answer is left for a later screen to take)', async () => {
    const asked = server({ signedIn: false });
    preloadScreenData('/dashboard', students);
    await settle();
    expect(asked).toEqual([CURRENT_USER_KEY]);
    // The screen's own ask of who is signed in takes that answer.
    function Who() {
      const { user, isLoading } = useCurrentUser(true);
      return <p>{isLoading ? 'loading' : user ? user.email : 'signed out'}</p>;
    }
    render(
      <SWRConfig value={swrConfig}>
        <Who />
      </SWRConfig>,
    );
    expect(await screen.findByText('signed out')).toBeTruthy();
    expect(asked).toEqual([CURRENT_USER_KEY]);
  });
});
