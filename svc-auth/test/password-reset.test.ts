import crypto from 'node:crypto';
import request from 'supertest';
import { PARENT_COOKIE, PRODUCT_NAME } from '@logbook/contracts/constants';
import { ACCOUNT_MESSAGES, API_ERRORS, PASSWORD_RESET, VALIDATION } from '@logbook/contracts/messages';
import { internalHeaders } from '@logbook/service-kit/internal';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { UserModel } from '../src/accounts/model';
import { createAuthApp } from '../src/app';
import { RateLimitModel } from '../src/limits/model';
import { MailMessageModel } from '../src/mail/model';
import { sendDueMail } from '../src/mail/queue';
import { PasswordResetTokenModel } from '../src/password-reset/model';
import { passwordResetRequestsSettled } from '../src/password-reset/password-reset';
import { freePort, TestInbox, type ReceivedMail } from './inbox';
import { cookiePair, uniqueEmail } from './support';

const ORIGIN = 'http://logbook.test';
const FROM = 'Learner Logbook <hello@logbook.test>';
const generous = { registerPerIp: 10_000, signInPerIp: 10_000, signInPerAccount: 10_000, resetPerIp: 10_000 };

let inbox: TestInbox;
let app: ReturnType<typeof createAuthApp>;

function makeApp(extra: Parameters<typeof createAuthApp>[0] = {}) {
  return createAuthApp({
    rateLimits: { ...generous, ...extra.rateLimits },
    mail: { smtpUrl: inbox.url, from: FROM, publicOrigin: ORIGIN },
    mailQueue: { retryBaseMs: 20, maxDelayMs: 50, maxAttempts: 5, ...extra.mailQueue },
  });
}

/**
 * Set by a test to hold the account look-up of one email, as a slow database would: the answer must not wait for it.
 * (A query hook on the real model; the look-up itself runs unchanged once released.)
 */
let holdLookup: ((filter: Record<string, unknown>) => Promise<void>) | undefined;
UserModel.schema.pre('findOne', async function () {
  await holdLookup?.(this.getFilter());
});
// The model was compiled before this hook was added: its queries take the schema's query hooks again.
(UserModel as unknown as { _applyQueryMiddleware(): void })._applyQueryMiddleware();

beforeAll(async () => {
  await setupTestDatabase([UserModel, RateLimitModel, MailMessageModel, PasswordResetTokenModel]);
  inbox = new TestInbox(await freePort());
  await inbox.start();
  app = makeApp();
});
afterAll(async () => {
  await inbox.stop();
  await teardownTestDatabase();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the sender until `count` emails have reached the address (the sender is what `npm start` runs in the background). */
async function delivered(address: string, count = 1): Promise<ReceivedMail[]> {
  for (let i = 0; i < 100 && inbox.to(address).length < count; i++) {
    await sendDueMail();
    if (inbox.to(address).length < count) await sleep(20);
  }
  return inbox.to(address);
}

async function register(email: string, password = 'first-pass-1') {
  const res = await request(app).post('/api/register').send({ email, password });
  expect(res.status).toBe(201);
  return (await UserModel.findOne({ email }).lean())!._id;
}

async function signIn(email: string, password: string) {
  const res = await request(app).post('/api/login').send({ email, password });
  expect(res.status).toBe(200);
  return cookiePair(res, PARENT_COOKIE);
}

const askReset = (email: unknown, ip = '198.51.100.1') =>
  request(app).post('/api/password-reset').set('x-forwarded-for', ip).send({ email });

const tokenIn = (mail: ReceivedMail) => {
  // The fragment (links sent before it moved there carried the token in the query string).
  const link = new RegExp(`${ORIGIN}/reset-password[#?]token=([A-Za-z0-9_-]+)`).exec(mail.text);
  expect(link).not.toBeNull();
  return link![1];
};

async function resetEmail(email: string): Promise<ReceivedMail> {
  const before = inbox.to(email).length;
  expect((await askReset(email)).status).toBe(202);
  const mails = await delivered(email, before + 1);
  return mails[mails.length - 1];
}

describe('welcome email', () => {
  it('registration queues a welcome email with a text and an HTML part, the product name and no tracking', async () => {
    const email = uniqueEmail();
    await register(email);
    const [welcome] = await delivered(email);
    expect(welcome.subject).toBe(`Welcome to ${PRODUCT_NAME}`);
    expect(welcome.from).toBe('hello@logbook.test');
    expect(welcome.text).toContain(PRODUCT_NAME);
    expect(welcome.html).toContain(PRODUCT_NAME);
    expect(welcome.text).toContain(`${ORIGIN}/dashboard`);
    expect(welcome.html).not.toMatch(/<img|utm_|pixel/i);
    // Sent messages leave the queue.
    expect(await MailMessageModel.countDocuments({ to: email })).toBe(0);
  });
});

describe('forgotten password', () => {
  it('emails a single-use link; the new password works, the old one and every old session do not', async () => {
    const email = uniqueEmail();
    await register(email);
    const phone = await signIn(email, 'first-pass-1');
    const laptop = await signIn(email, 'first-pass-1');

    const asked = await askReset(email);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: PASSWORD_RESET.requested });
    const [, mail] = await delivered(email, 2);
    expect(mail.subject).toBe(`Reset your ${PRODUCT_NAME} password`);
    // The token travels in the fragment, which browsers never send to a server, and never in the query string.
    expect(mail.html).toContain(`${ORIGIN}/reset-password#token=`);
    expect(`${mail.text}${mail.html}`).not.toContain('?token=');
    const token = tokenIn(mail);

    // Only the token's hash is stored.
    const stored = await PasswordResetTokenModel.find({
      userId: (await UserModel.findOne({ email }).lean())!._id,
    }).lean();
    expect(stored).toHaveLength(1);
    expect(stored[0]._id).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);

    const confirmed = await request(app).post('/api/password-reset/confirm').send({ token, password: 'second-pass-2' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: PASSWORD_RESET.passwordSet.description });

    for (const cookie of [phone, laptop]) {
      expect((await request(app).get('/api/user').set('Cookie', cookie)).status).toBe(401);
    }
    expect((await request(app).post('/api/login').send({ email, password: 'first-pass-1' })).status).toBe(401);
    await signIn(email, 'second-pass-2');

    const again = await request(app).post('/api/password-reset/confirm').send({ token, password: 'third-pass-3' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: PASSWORD_RESET.linkProblem });
    await signIn(email, 'second-pass-2');

    const changed = await delivered(email, 3);
    expect(changed[2].subject).toBe(`Your ${PRODUCT_NAME} password was changed`);
  });

  it('an unknown email gets the same 202 and the same words, and no email is sent', async () => {
    const known = uniqueEmail();
    await register(known);
    const unknown = uniqueEmail('nobody');
    const a = await askReset(known);
    const b = await askReset(unknown);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    await passwordResetRequestsSettled();
    await delivered(known, 2);
    await sendDueMail();
    expect(inbox.to(unknown)).toEqual([]);
    expect(await MailMessageModel.countDocuments({ to: unknown })).toBe(0);
  });

  it('answers before the account is looked up, so how long it takes cannot tell whether the account exists', async () => {
    const email = uniqueEmail('held');
    const userId = await register(email);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    holdLookup = async (filter) => {
      if (filter.email !== email) return;
      held++;
      await released;
    };
    try {
      const answer = await Promise.race([askReset(email), sleep(3000).then(() => 'still waiting' as const)]);
      expect(answer).not.toBe('still waiting');
      if (answer === 'still waiting') return;
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({ message: PASSWORD_RESET.requested });
      // The answer went while the look-up was still held: no link exists yet.
      expect(held).toBe(1);
      expect(await PasswordResetTokenModel.countDocuments({ userId })).toBe(0);
    } finally {
      release();
      holdLookup = undefined;
    }
    await passwordResetRequestsSettled();
    expect(await PasswordResetTokenModel.countDocuments({ userId })).toBe(1);
    const mails = await delivered(email, 2);
    expect(mails[1].subject).toBe(`Reset your ${PRODUCT_NAME} password`);
  });

  it('a new link replaces the ones asked for before it', async () => {
    const email = uniqueEmail('newest');
    const userId = await register(email);
    const older = tokenIn(await resetEmail(email));
    const newer = tokenIn(await resetEmail(email));
    expect(await PasswordResetTokenModel.countDocuments({ userId })).toBe(1);
    const refused = await request(app)
      .post('/api/password-reset/confirm')
      .send({ token: older, password: 'second-pass-2' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: PASSWORD_RESET.linkProblem });
    await signIn(email, 'first-pass-1');
    const used = await request(app)
      .post('/api/password-reset/confirm')
      .send({ token: newer, password: 'second-pass-2' });
    expect(used.status).toBe(200);
    await signIn(email, 'second-pass-2');
  });

  it('an expired link fails with the same message and leaves the password as it was', async () => {
    const email = uniqueEmail();
    const userId = await register(email);
    const token = tokenIn(await resetEmail(email));
    await PasswordResetTokenModel.updateMany({ userId }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await request(app).post('/api/password-reset/confirm').send({ token, password: 'second-pass-2' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: PASSWORD_RESET.linkProblem });
    await signIn(email, 'first-pass-1');
  });

  it('a link expires 60 minutes after it was asked for', async () => {
    const email = uniqueEmail();
    const userId = await register(email);
    const before = Date.now();
    await resetEmail(email);
    const [link] = await PasswordResetTokenModel.find({ userId }).lean();
    const minutes = (link.expiresAt.getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThanOrEqual(59.9);
    expect(minutes).toBeLessThanOrEqual(60.1);
  });

  it('unknown and malformed tokens get the same message; a weak new password keeps the link usable', async () => {
    const email = uniqueEmail();
    await register(email);
    const token = tokenIn(await resetEmail(email));
    for (const bad of ['not-a-real-token', crypto.randomBytes(32).toString('base64url')]) {
      const res = await request(app)
        .post('/api/password-reset/confirm')
        .send({ token: bad, password: 'second-pass-2' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: PASSWORD_RESET.linkProblem });
    }
    const hostile = await request(app)
      .post('/api/password-reset/confirm')
      .send({ token: { $ne: '' }, password: 'second-pass-2' });
    expect(hostile.status).toBe(400);
    const short = await request(app).post('/api/password-reset/confirm').send({ token, password: 'abc' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(VALIDATION.passwordMin);
    const common = await request(app).post('/api/password-reset/confirm').send({ token, password: 'password123' });
    expect(common.status).toBe(400);
    expect(common.body.message).toBe(VALIDATION.passwordTooCommon);
    const ok = await request(app).post('/api/password-reset/confirm').send({ token, password: 'second-pass-2' });
    expect(ok.status).toBe(200);
  });

  it('refuses an email that is not a string with 400 and queues nothing', async () => {
    const before = await MailMessageModel.countDocuments({});
    const res = await askReset({ $gt: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(VALIDATION.invalidEmail);
    expect(await MailMessageModel.countDocuments({})).toBe(before);
  });

  it('is limited per email address, whoever asks', async () => {
    const email = uniqueEmail();
    await register(email);
    const limited = makeApp({ rateLimits: { resetPerEmail: 2 } });
    const ask = (ip: string) => request(limited).post('/api/password-reset').set('x-forwarded-for', ip).send({ email });
    expect((await ask('198.51.100.10')).status).toBe(202);
    expect((await ask('198.51.100.11')).status).toBe(202);
    const third = await ask('198.51.100.12');
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ message: API_ERRORS.tooManyAttempts });
    // The same count holds for the address in another case.
    const upper = await request(limited)
      .post('/api/password-reset')
      .set('x-forwarded-for', '198.51.100.13')
      .send({ email: email.toUpperCase() });
    expect(upper.status).toBe(429);
    await delivered(email, 3);
    await sendDueMail();
    expect(inbox.to(email).filter((m) => m.subject.startsWith('Reset'))).toHaveLength(2);
  });

  it('is limited per IP address, whatever the emails', async () => {
    const limited = makeApp({ rateLimits: { resetPerIp: 3 } });
    const ip = `203.0.113.${crypto.randomInt(1, 250)}`;
    const ask = () =>
      request(limited)
        .post('/api/password-reset')
        .set('x-forwarded-for', ip)
        .send({ email: uniqueEmail('any') });
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(202);
    expect((await ask()).status).toBe(429);
    const elsewhere = await request(limited)
      .post('/api/password-reset')
      .set('x-forwarded-for', '203.0.113.251')
      .send({ email: uniqueEmail('any') });
    expect(elsewhere.status).toBe(202);
  });
});

describe('registering an address that already has an account', () => {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

  async function timedRegistration(email: string) {
    const started = process.hrtime.bigint();
    const res = await request(app).post('/api/register').send({ email, password: 'some-pass-1' });
    expect(res.status).toBe(201);
    return Number(process.hrtime.bigint() - started) / 1e6;
  }

  it('answers as a new registration does and emails the owner, with links to sign in and to "Forgot password?"', async () => {
    const email = uniqueEmail('owner');
    await register(email);
    const fresh = await request(app)
      .post('/api/register')
      .send({ email: uniqueEmail('fresh'), password: 'x-pass-22' });
    const again = await request(app).post('/api/register').send({ email: email.toUpperCase(), password: 'x-pass-22' });
    expect(again.status).toBe(fresh.status);
    expect(again.text).toBe(fresh.text);
    expect(again.body).not.toHaveProperty('id');

    const [welcome, notice] = await delivered(email, 2);
    expect(welcome.subject).toBe(`Welcome to ${PRODUCT_NAME}`);
    expect(notice.subject).toBe(`Someone tried to register with your ${PRODUCT_NAME} address`);
    for (const part of [notice.text, notice.html]) {
      expect(part).toContain(PRODUCT_NAME);
      expect(part).toContain(`${ORIGIN}/login`);
      expect(part).toContain(`${ORIGIN}/forgot-password`);
    }
    expect(notice.text).toContain('Forgot password?');
    expect(notice.html).not.toMatch(/<img|utm_|pixel/i);
    // The password typed in the attempt changed nothing.
    await signIn(email, 'first-pass-1');
  });

  it('tells the owner a few times per window at most, answering every attempt alike', async () => {
    const email = uniqueEmail('flooded');
    await register(email);
    const limited = makeApp({ rateLimits: { resetPerEmail: 2 } });
    for (let i = 0; i < 4; i++) {
      const res = await request(limited)
        .post('/api/register')
        .send({ email, password: `attempt-pass-${i}` });
      expect(res.status).toBe(201);
    }
    await delivered(email, 3);
    await sendDueMail();
    expect(inbox.to(email).filter((m) => m.subject.startsWith('Someone tried'))).toHaveLength(2);
  });

  it('takes about as long as a new registration: both hash the password', async () => {
    const taken = uniqueEmail('taken');
    await register(taken);
    const fresh: number[] = [];
    const existing: number[] = [];
    for (let i = 0; i < 9; i++) {
      fresh.push(await timedRegistration(uniqueEmail('timed')));
      existing.push(await timedRegistration(taken));
    }
    // Without the hash the taken address answered in a few milliseconds against a bcrypt's tens: generous slack.
    expect(median(existing)).toBeGreaterThan(median(fresh) * 0.4);
  });
});

describe('the mail queue', () => {
  it('a mail server down for the first tries still delivers later; the request never waits for it', async () => {
    const downInbox = new TestInbox(await freePort());
    const downApp = createAuthApp({
      rateLimits: generous,
      mail: { smtpUrl: downInbox.url, from: FROM, publicOrigin: ORIGIN },
      mailQueue: { retryBaseMs: 20, maxDelayMs: 40, maxAttempts: 20 },
    });
    try {
      const email = uniqueEmail();
      const res = await request(downApp).post('/api/register').send({ email, password: 'first-pass-1' });
      expect(res.status).toBe(201);
      for (let i = 0; i < 3; i++) {
        await sendDueMail();
        await sleep(45);
      }
      const waiting = await MailMessageModel.findOne({ to: email }).lean();
      expect(waiting).toMatchObject({ state: 'pending', kind: 'welcome' });
      expect(waiting!.attempts).toBeGreaterThanOrEqual(2);
      expect(waiting!.lastError).toBeTruthy();
      await downInbox.start();
      for (let i = 0; i < 50 && downInbox.to(email).length === 0; i++) {
        await sendDueMail();
        await sleep(20);
      }
      expect(downInbox.to(email)).toHaveLength(1);
      expect(downInbox.to(email)[0].subject).toBe(`Welcome to ${PRODUCT_NAME}`);
      expect(await MailMessageModel.countDocuments({ to: email })).toBe(0);
    } finally {
      await downInbox.stop();
      app = makeApp();
    }
  });

  it('a message that keeps failing is kept, marked failed, and not tried again', async () => {
    const nowhere = new TestInbox(await freePort());
    const failing = createAuthApp({
      rateLimits: generous,
      mail: { smtpUrl: nowhere.url, from: FROM, publicOrigin: ORIGIN },
      mailQueue: { retryBaseMs: 5, maxDelayMs: 5, maxAttempts: 3 },
    });
    try {
      const email = uniqueEmail();
      expect((await request(failing).post('/api/register').send({ email, password: 'first-pass-1' })).status).toBe(201);
      for (let i = 0; i < 6; i++) {
        await sendDueMail();
        await sleep(10);
      }
      const kept = await MailMessageModel.findOne({ to: email }).lean();
      expect(kept).toMatchObject({ state: 'failed', attempts: 3, kind: 'welcome' });
      expect(kept!.text).toContain(PRODUCT_NAME);
    } finally {
      app = makeApp();
    }
  });
});

describe('PUT /api/user/password', () => {
  it('sets the new password, ends the other sessions and keeps this one; emails the parent', async () => {
    const email = uniqueEmail();
    await register(email);
    const here = await signIn(email, 'first-pass-1');
    const there = await signIn(email, 'first-pass-1');
    const res = await request(app)
      .put('/api/user/password')
      .set('Cookie', here)
      .send({ currentPassword: 'first-pass-1', newPassword: 'second-pass-2' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), email });
    expect((await request(app).get('/api/user').set('Cookie', here)).status).toBe(200);
    expect((await request(app).get('/api/user').set('Cookie', there)).status).toBe(401);
    expect((await request(app).post('/api/login').send({ email, password: 'first-pass-1' })).status).toBe(401);
    await signIn(email, 'second-pass-2');
    const mails = await delivered(email, 2);
    expect(mails[1].subject).toBe(`Your ${PRODUCT_NAME} password was changed`);
  });

  it('refuses a wrong current password (403), a weak new one (400) and strangers (401), changing nothing', async () => {
    const email = uniqueEmail();
    await register(email);
    const cookie = await signIn(email, 'first-pass-1');
    const wrong = await request(app)
      .put('/api/user/password')
      .set('Cookie', cookie)
      .send({ currentPassword: 'not-it', newPassword: 'second-pass-2' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ message: ACCOUNT_MESSAGES.currentPasswordWrong });
    const weak = await request(app)
      .put('/api/user/password')
      .set('Cookie', cookie)
      .send({ currentPassword: 'first-pass-1', newPassword: '123' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(VALIDATION.passwordMin);
    const hostile = await request(app)
      .put('/api/user/password')
      .set('Cookie', cookie)
      .send({ currentPassword: { $ne: '' }, newPassword: 'second-pass-2' });
    expect(hostile.status).toBe(400);
    const anonymous = await request(app)
      .put('/api/user/password')
      .send({ currentPassword: 'first-pass-1', newPassword: 'second-pass-2' });
    expect(anonymous.status).toBe(401);
    await signIn(email, 'first-pass-1');
  });
});

describe('POST /internal/parents/:parentId/notices', () => {
  const notice = (parentId: number | string, body: unknown, headers = internalHeaders()) =>
    request(app)
      .post(`/internal/parents/${parentId}/notices`)
      .set(headers)
      .send(body as object);

  it('queues each kind of notice at once (202) and the parent receives it', async () => {
    const email = uniqueEmail();
    const userId = await register(email);
    const at = '2026-12-01T00:00:00.000Z';
    for (const kind of ['trial_will_end', 'payment_failed', 'payment_action_required']) {
      const res = await notice(userId, { kind, studentId: 42, studentName: 'Sam', at });
      expect(res.status).toBe(202);
    }
    const mails = await delivered(email, 4);
    const subjects = mails.map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `${PRODUCT_NAME}: the free trial for Sam ends in 3 days`,
        `${PRODUCT_NAME}: payment failed for Sam's subscription`,
        `${PRODUCT_NAME}: please confirm the payment for Sam's subscription`,
      ]),
    );
    const failed = mails.find((m) => m.subject.includes('payment failed'))!;
    expect(failed.text).toContain(`${ORIGIN}/students/42/subscribe`);
    expect(failed.html).toContain(`${ORIGIN}/students/42/subscribe`);
    const trial = mails.find((m) => m.subject.includes('free trial'))!;
    expect(trial.text).toContain('December 2026');
  });

  it('answers 404 for an unknown parent or without the internal secret, 400 for a bad notice', async () => {
    expect((await notice(999_999_999, { kind: 'payment_failed', studentId: 1 })).status).toBe(404);
    const userId = await register(uniqueEmail());
    expect((await notice(userId, { kind: 'payment_failed', studentId: 1 }, {})).status).toBe(404);
    expect((await notice(userId, { kind: 'spam', studentId: 1 })).status).toBe(400);
    expect((await notice(userId, { kind: 'payment_failed', studentId: '1; drop' })).status).toBe(400);
    expect((await notice(userId, { kind: 'payment_failed', studentId: 1, at: 'soon' })).status).toBe(400);
  });
});
