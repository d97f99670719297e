import { screen, waitFor } from '@testing-library/react';
import { FIRST_STEP, NEXT_STEP } from '../src/features/session-history/hooks/useDrawnInSteps';
import { renderHistory, serve, session } from './historyPanel';

describe('a long history is drawn in steps', () => {
  it('draws the newest entries at once and every other within moments, newest first', async () => {
    const total = FIRST_STEP + 2 * NEXT_STEP + 3;
    serve(
      Array.from({ length: total }, (_, i) =>
        session({ id: total - i, clientId: `c${i}`, startSuburb: `Stop ${total - i}` }),
      ),
    );
    renderHistory();
    const first = await screen.findAllByTestId('session-item');
    expect(first.length).toBeGreaterThanOrEqual(FIRST_STEP);
    expect(first.length).toBeLessThan(total);
    await waitFor(() => expect(screen.getAllByTestId('session-item')).toHaveLength(total));
    const ids = screen.getAllByTestId('session-item').map((item) => /Stop (\d+)/.exec(item.textContent ?? '')?.[1]);
    expect(ids).toEqual(Array.from({ length: total }, (_, i) => String(total - i)));
  });
});
