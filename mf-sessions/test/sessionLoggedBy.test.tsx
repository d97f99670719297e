import { screen, within } from '@testing-library/react';
import { renderHistory, serve, session } from './historyPanel';

const history = [
  session({ id: 3, loggedBy: 'sam@example.com' }),
  session({ id: 2, loggedBy: 'alex@example.com' }),
  // Logged before entries said who logged them, or by the student.
  session({ id: 1, loggedBy: null }),
];

describe('who logged each entry, in the session history', () => {
  it('says which guardian logged each entry to a parent, and nothing for an entry that does not say', async () => {
    serve(history);
    renderHistory({ canCorrect: true });
    const items = await screen.findAllByTestId('session-item');
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByTestId('session-logged-by').textContent).toBe('Logged by sam@example.com');
    expect(within(items[1]).getByTestId('session-logged-by').textContent).toBe('Logged by alex@example.com');
    expect(within(items[2]).queryByTestId('session-logged-by')).toBeNull();
    expect(within(items[2]).queryByText(/unknown/i)).toBeNull();
  });

  it("is not said where the history is not a parent's", async () => {
    serve(history);
    renderHistory();
    const items = await screen.findAllByTestId('session-item');
    expect(screen.queryAllByTestId('session-logged-by')).toHaveLength(0);
    expect(items).toHaveLength(3);
  });
});
