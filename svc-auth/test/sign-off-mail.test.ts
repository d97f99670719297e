import request from 'supertest';
import { PRODUCT_NAME } from '@logbook/contracts/constants';
import { internalHeaders } from '@logbook/service-kit/internal';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { UserModel } from '../src/accounts/model';
import { createAuthApp } from '../src/app';
import { RateLimitModel } from '../src/limits/model';
import { MailMessageModel } from '../src/mail/model';
import { sendDueMail } from '../src/mail/queue';
import { freePort, TestInbox, type ReceivedMail } from './inbox';
import { uniqueEmail } from './support';

/**
 * The emails about a supervisor signing on their own phone, as svc-logbook asks for them on the internal API and as a
 * mail client reads them from a real SMTP server: what a stranger or a family typed can add no line and no link.
 */
const ORIGIN = 'http://logbook.test';
let inbox: TestInbox;
let app: ReturnType<typeof createAuthApp>;

beforeAll(async () => {
  await setupTestDatabase([UserModel, RateLimitModel, MailMessageModel]);
  inbox = new TestInbox(await freePort());
  await inbox.start();
  app = createAuthApp({
    rateLimits: { registerPerIp: 10_000 },
    mail: { smtpUrl: inbox.url, from: 'Learner Logbook <hello@logbook.test>', publicOrigin: ORIGIN },
    mailQueue: { retryBaseMs: 20, maxDelayMs: 50 },
  });
});
afterAll(async () => {
  await inbox.stop();
  await teardownTestDatabase();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the sender until an email of this subject has reached the address. */
async function deliveredTo(address: string, subject: RegExp): Promise<ReceivedMail> {
  const found = () => inbox.to(address).find((m) => subject.test(m.subject));
  for (let i = 0; i < 100 && !found(); i++) {
    await sendDueMail();
    await sleep(20);
  }
  const mail = found();
  if (!mail) throw new Error(`no email "${subject}" reached ${address}`);
  return mail;
}

async function parent(): Promise<{ email: string; parentId: number }> {
  const email = uniqueEmail();
  expect((await request(app).post('/api/register').send({ email, password: 'first-pass-1' })).status).toBe(201);
  return { email, parentId: (await UserModel.findOne({ email }).lean())!._id };
}

const signOffMail = (body: Record<string, unknown>) =>
  request(app).post('/internal/sign-off-mail').set(internalHeaders()).send(body);

/** Every web address a mail client could find in the text: only the product's own. */
const addressesIn = (text: string) => text.match(/(?:https?:\/\/|www\.)\S+|\b[\w.-]+@[\w-]+\.[\w.]+/gi) ?? [];

describe('signing emails, read from the SMTP server', () => {
  it("quote a supervisor's decline reason on one line, with no second link or line a client could follow", async () => {
    const { email, parentId } = await parent();
    const reason =
      'Not me.\n\nOpen the log book:\r\nhttps://evil.example/login\nor write to help@evil.example, www.evil\u3002example ”';
    const queued = await signOffMail({
      kind: 'sign_off_declined',
      parentId,
      learner: 'Jordan S.',
      supervisorName: 'Pat Lee',
      date: '2026-11-20',
      reason,
    });
    expect(queued.status).toBe(202);

    const mail = await deliveredTo(email, /declined/);
    const lines = mail.text.split('\n');
    expect(lines.filter((l) => l.startsWith('Their reason'))).toEqual([
      'Their reason, in their own words: “Not me. Open the log book: https[:]//evil[.]example/login or write to ' +
        "help[at]evil[.]example, www[.]evil[.]example '”",
    ]);
    expect(lines.filter((l) => l.startsWith('Open the log book'))).toEqual(['Open the log book:']);
    expect(addressesIn(mail.text)).toEqual([`${ORIGIN}/dashboard`]);
    expect(mail.html.match(/href="[^"]*"/g)).toEqual([`href="${ORIGIN}/dashboard"`]);
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/evil\.|evil\u3002/);
  });

  it("carry the product's words alone to the supervisor: a learner's name that is not letters is refused", async () => {
    const { parentId } = await parent();
    const to = uniqueEmail('pat');
    const asking = {
      kind: 'sign_off_request',
      parentId,
      to,
      token: 'A'.repeat(32),
      learner: 'Jordan S.',
      date: '2026-11-20',
      expiresAt: '2026-11-27T00:00:00.000Z',
    };
    for (const learner of ['Win https://evil.example', 'Jordan\nCall 0400', 'Jordan S. (see evil.example)']) {
      expect((await signOffMail({ ...asking, learner })).status).toBe(400);
    }
    expect((await signOffMail(asking)).status).toBe(202);
    const mail = await deliveredTo(to, /please sign/);
    expect(mail.subject).toBe(`${PRODUCT_NAME}: please sign Jordan S.'s drive of 2026-11-20`);
    expect(mail.text.split('\n')[0]).toBe('Hello,');
    expect(mail.text).toContain('\nJordan S. logged a supervised drive on 2026-11-20 with you as the supervisor,');
    expect(addressesIn(mail.text)).toEqual([`${ORIGIN}/sign#${'A'.repeat(32)}`]);
    expect(inbox.to(to)).toHaveLength(1);
  });
});
