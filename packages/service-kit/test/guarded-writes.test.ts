import mongoose, { Schema } from 'mongoose';
import { createWithNumericId, nextId } from '@logbook/service-kit/counters';
import { isDuplicateKey } from '@logbook/service-kit/db';
import { updateIfMatches } from '@logbook/service-kit/guarded';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';

/**
 * Which guarded writes hold on the server the tests run on (the in-memory fallback, or a real mongod when MONGODB_URI
 * points at one). Eight callers race for one document's state, round after round:
 * - `updateOne` guarded on the state, and an insert under a unique index, must give exactly one winner every round;
 * - `findOneAndUpdate` with the same guard is measured, not asserted: the fallback finds the document and then updates
 *   it by `_id` alone, so now and then several callers win. How often depends on timing, so the rate is printed.
 */
const RACERS = 8;
const ROUNDS = 200;
/** Rounds are quick, but a busy machine slows the server down. */
const TIMEOUT = 180_000;

interface Ticket {
  _id: string;
  taken: boolean;
  winner?: number;
  claims: number;
}
const TicketModel = mongoose.model<Ticket>(
  'GuardedTicket',
  new Schema<Ticket>({ _id: String, taken: Boolean, winner: Number, claims: Number }, { versionKey: false }),
  'guarded_tickets',
);

interface Claim {
  key: string;
  racer: number;
}
const claimSchema = new Schema<Claim>({ key: String, racer: Number }, { versionKey: false });
claimSchema.index({ key: 1 }, { unique: true });
const ClaimModel = mongoose.model<Claim>('GuardedClaim', claimSchema, 'guarded_claims');

interface Numbered {
  _id: number;
  round: number;
}
const NumberedModel = mongoose.model<Numbered>(
  'GuardedNumbered',
  new Schema<Numbered>({ _id: Number, round: Number }, { versionKey: false }),
  'guarded_numbered',
);

beforeAll(async () => {
  await setupTestDatabase([TicketModel, ClaimModel, NumberedModel]);
}, TIMEOUT);
afterAll(teardownTestDatabase);

const racers = <T>(race: (racer: number) => Promise<T>) =>
  Promise.all(Array.from({ length: RACERS }, (_, i) => race(i)));

/** Rounds on different documents run a few at a time (each round's racers still meet on one document), to keep it quick. */
async function inRounds(rounds: number, round: (n: number) => Promise<void>) {
  const AT_ONCE = 8;
  for (let first = 0; first < rounds; first += AT_ONCE) {
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, rounds - first) }, (_, i) => round(first + i)));
  }
}

async function freshTicket(id: string) {
  await TicketModel.create({ _id: id, taken: false, claims: 0 });
  return id;
}

const percent = (n: number) => `${((100 * n) / ROUNDS).toFixed(1)} %`;

it(
  `updateOne guarded on the state: exactly one of ${RACERS} racers wins, every one of ${ROUNDS} rounds`,
  async () => {
    const winnersPerRound: number[] = Array(ROUNDS).fill(0);
    await inRounds(ROUNDS, async (round) => {
      const id = await freshTicket(`update-${round}`);
      const won = await racers((racer) =>
        updateIfMatches(
          TicketModel,
          { _id: id, taken: { $ne: true } },
          { $set: { taken: true, winner: racer }, $inc: { claims: 1 } },
        ),
      );
      winnersPerRound[round] = won.filter(Boolean).length;
      const stored = await TicketModel.findById(id).lean();
      // The document agrees: applied once, by the racer that was told it won.
      expect(stored).toMatchObject({ taken: true, claims: 1, winner: won.indexOf(true) });
    });
    expect(winnersPerRound).toEqual(Array(ROUNDS).fill(1));
  },
  TIMEOUT,
);

it(
  `an insert under a unique index: exactly one of ${RACERS} racers wins, every one of ${ROUNDS} rounds`,
  async () => {
    const winnersPerRound: number[] = Array(ROUNDS).fill(0);
    await inRounds(ROUNDS, async (round) => {
      const key = `insert-${round}`;
      const outcomes = await racers(async (racer) => {
        try {
          await ClaimModel.create({ key, racer });
          return 'won';
        } catch (err) {
          if (isDuplicateKey(err)) return 'someone else won';
          throw err;
        }
      });
      winnersPerRound[round] = outcomes.filter((o) => o === 'won').length;
      const stored = await ClaimModel.find({ key }).lean();
      expect(stored.map((c) => c.racer)).toEqual([outcomes.indexOf('won')]);
    });
    expect(winnersPerRound).toEqual(Array(ROUNDS).fill(1));
  },
  TIMEOUT,
);

it(
  'findOneAndUpdate guarded on the state: measured (the fallback can let several racers win)',
  async () => {
    let roundsWithSeveralWinners = 0;
    let roundsAppliedMoreThanOnce = 0;
    await inRounds(ROUNDS, async (round) => {
      const id = await freshTicket(`find-and-modify-${round}`);
      const answers = await racers((racer) =>
        TicketModel.findOneAndUpdate(
          { _id: id, taken: { $ne: true } },
          { $set: { taken: true, winner: racer }, $inc: { claims: 1 } },
          { new: true },
        ).lean(),
      );
      const winners = answers.filter(Boolean).length;
      const stored = await TicketModel.findById(id).lean();
      // What holds on every server: somebody wins, and every winner's update landed.
      expect(winners).toBeGreaterThanOrEqual(1);
      expect(stored!.claims).toBe(winners);
      if (winners > 1) roundsWithSeveralWinners += 1;
      if (stored!.claims > 1) roundsAppliedMoreThanOnce += 1;
    });
    // On a real mongod both are 0 %; on the fallback they have been measured from a few % to a quarter of the rounds.
    console.log(
      `findOneAndUpdate guarded on one document's state, ${RACERS} racers: more than one winner in ` +
        `${roundsWithSeveralWinners} of ${ROUNDS} rounds (${percent(roundsWithSeveralWinners)}); ` +
        `update applied more than once in ${percent(roundsAppliedMoreThanOnce)}`,
    );
  },
  TIMEOUT,
);

it(
  `counters: every $inc counts once, and ids made under the unique _id index never repeat (${ROUNDS} rounds)`,
  async () => {
    let roundsWithRepeatedValues = 0;
    await inRounds(ROUNDS, async (round) => {
      const counter = `guarded-counter-${round}`;
      const values = await racers(() => nextId(counter));
      // Each call added one, even where two calls were answered the same value.
      expect(await nextId(counter)).toBe(RACERS + 1);
      if (new Set(values).size < RACERS) roundsWithRepeatedValues += 1;
    });
    await inRounds(50, async (round) => {
      const made = await racers(() =>
        createWithNumericId('guarded-numbered', (id) => NumberedModel.create({ _id: id, round })),
      );
      expect(new Set(made.map((doc) => doc._id)).size).toBe(RACERS);
    });
    console.log(
      `nextId, ${RACERS} at once: the same value answered to two callers in ${roundsWithRepeatedValues} of ${ROUNDS} ` +
        `rounds (${percent(roundsWithRepeatedValues)}); createWithNumericId retried them into distinct ids`,
    );
  },
  TIMEOUT,
);
