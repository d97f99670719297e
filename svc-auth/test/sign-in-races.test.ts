import request from 'supertest';
import { API_ERRORS } from '@logbook/contracts/messages';
import { servePeers, setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { UserModel } from '../src/accounts/model';
import { createAuthApp } from '../src/app';
import { accountLockId } from '../src/limits/keys';
import { RateLimitModel } from '../src/limits/model';
import { createApp as createStudentsApp, models as studentsModels } from 'svc-students/app';
import { uniqueEmail } from './support';

/**
 * The per-account lock counts every attempt before the password is checked, so guesses sent all at once cannot slip
 * past it: raced eight at once, round after round, exactly the allowance reaches the password check. (On the
 * in-memory fallback a count taken with find-and-modify let several parallel guesses through in most rounds.)
 */
beforeAll(async () => {
  await setupTestDatabase([UserModel, RateLimitModel, ...studentsModels]);
  await servePeers({ students: createStudentsApp() });
});
afterAll(teardownTestDatabase);

const RACERS = 8;
const ROUNDS = 50;

// One failure allowed per account and address, then a minute's wait; the per-address limit stays out of the way.
const app = createAuthApp({
  rateLimits: {
    signInWindowMs: 60_000,
    signInPerAccount: 1,
    signInPerIp: 10_000,
    lockoutBaseMs: 60_000,
    lockoutMaxMs: 60 * 60_000,
  },
});

let ipCounter = 0;
/** An address of its own for each round (the app trusts X-Forwarded-For from loopback, as behind the gateway). */
const freshIp = () => {
  ipCounter += 1;
  return `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

async function inRounds(round: (n: number) => Promise<void>) {
  const AT_ONCE = 4;
  for (let first = 0; first < ROUNDS; first += AT_ONCE) {
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, ROUNDS - first) }, (_, i) => round(first + i)));
  }
}

const routes = [
  {
    name: 'parent sign-in',
    path: '/api/login',
    body: (account: string, i: number) => ({ email: account, password: `guess-${i}` }),
    account: () => uniqueEmail('raced'),
    counter: (account: string, ip: string) => accountLockId('parent-email', account, ip),
  },
  {
    name: 'student sign-in',
    path: '/api/student-login',
    body: (account: string, i: number) => ({ studentUsername: account, studentPassword: `guess-${i}` }),
    account: () => `raced-${Math.random().toString(36).slice(2, 10)}`,
    counter: (account: string, ip: string) => accountLockId('student-username', account, ip),
  },
];

describe.each(routes)('$name', ({ path, body, account, counter }) => {
  it(`of ${RACERS} parallel guesses exactly one reaches the password check, in each of ${ROUNDS} rounds`, async () => {
    await inRounds(async () => {
      const name = account();
      const ip = freshIp();
      const results = await Promise.all(
        Array.from({ length: RACERS }, (_, i) =>
          request(app).post(path).set('x-forwarded-for', ip).send(body(name, i)),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([401, ...Array(RACERS - 1).fill(429)]);
      expect(results.find((r) => r.status === 401)!.body).toEqual({ message: API_ERRORS.invalidCredentials });
      for (const r of results.filter((x) => x.status === 429)) {
        expect(r.body).toEqual({ message: API_ERRORS.tooManyAttempts });
      }
      // Every attempt was counted once, refused ones too.
      const stored = await RateLimitModel.findById(counter(name, ip)).lean();
      expect(stored?.failures).toBe(RACERS);
    });
  }, 120_000);
});

/**
 * The per-address limit counts in the database, so every instance shares it. Of eight requests from one address that
 * arrive at once with one request left in its allowance, none but that one can get through, round after round.
 */
describe('the per-address limit', () => {
  const PER_IP = 1;
  const limited = createAuthApp({
    rateLimits: {
      signInWindowMs: 60_000,
      signInPerAccount: 10_000,
      signInPerIp: PER_IP,
      lockoutBaseMs: 60_000,
      lockoutMaxMs: 60 * 60_000,
    },
  });

  it(`lets at most one of ${RACERS} parallel sign-ins from one address through, in each of ${ROUNDS} rounds`, async () => {
    await inRounds(async () => {
      const ip = freshIp();
      const results = await Promise.all(
        Array.from({ length: RACERS }, (_, i) =>
          request(limited)
            .post('/api/login')
            .set('x-forwarded-for', ip)
            .send({ email: uniqueEmail(`per-ip-${i}`), password: 'not-the-password' }),
        ),
      );
      // None past the allowance: the one over the limit is refused whoever counted first. (Under a burst a request
      // within it may be refused too, as the count it reads may already include later racers.)
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(PER_IP);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
      // Every request was counted once, refused ones too.
      const counted = await RateLimitModel.findById(`sign-in:email:ip:${ip}`).lean();
      expect(counted?.hits).toBe(RACERS);
    });
  }, 120_000);
});
