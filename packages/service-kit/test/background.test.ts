import mongoose from 'mongoose';
import { repeatInBackground } from '@logbook/service-kit/background';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(done: () => boolean) {
  for (let i = 0; i < 200 && !done(); i++) await sleep(10);
  expect(done()).toBe(true);
}

beforeAll(() => setupTestDatabase([]));
afterAll(() => teardownTestDatabase());

describe('repeatInBackground', () => {
  it('runs the work round after round, never two at once, and goes on after a round that failed', async () => {
    let rounds = 0;
    let running = 0;
    let most = 0;
    const stop = repeatInBackground(
      async () => {
        rounds++;
        running++;
        most = Math.max(most, running);
        await sleep(40);
        running--;
        if (rounds === 1) throw new Error('the first round fails');
      },
      5,
      'test round failed',
    );
    await until(() => rounds >= 3);
    stop();
    expect(most).toBe(1);
    const after = rounds;
    await sleep(60);
    expect(rounds).toBeLessThanOrEqual(after + 1);
  });

  it('waits while the database is not connected', async () => {
    let rounds = 0;
    await mongoose.disconnect();
    const stop = repeatInBackground(
      async () => {
        rounds++;
      },
      5,
      'test round failed',
    );
    await sleep(60);
    expect(rounds).toBe(0);
    stop();
  });
});
