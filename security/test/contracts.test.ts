import crypto from 'node:crypto';
import Stripe from 'stripe';
import type { z } from 'zod';
import { isBinaryResponse, responseSchemas, type ApiRoute, type BinaryResponse } from '@logbook/contracts/api-answers';
import { errorResponseSchema } from '@logbook/contracts/responses';
import { serviceRoutes } from './routes';
import {
  call,
  endWorld,
  invitationToken,
  makeWorld,
  registerParent,
  sessionBody,
  SIGNATURE,
  type Reply,
  type World,
} from './world';

/** Fixed for this stack, so the test can sign a webhook delivery as the provider would. */
const WEBHOOK_SECRET = `whsec_contract_${crypto.randomBytes(16).toString('hex')}`;
const unique = () => crypto.randomUUID().slice(0, 8);

/** The reset link's token, and the supervisor's signing link's. */
const RESET_LINK = /reset-password#token=([\w-]+)/;
const SIGN_LINK = /\/sign#([\w-]{32})/;

/** The token of the newest link of this kind the stack's local inbox holds for an address (sending is queued). */
async function tokenInInbox(world: World, address: string, link: RegExp, not?: string): Promise<string> {
  const inbox = world.stack.mail?.webUrl;
  if (!inbox) throw new Error('The stack has no local inbox');
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const emails = (await (await fetch(`${inbox}/api/email`)).json()) as Array<{
      to: Array<{ address: string }>;
      text?: string;
    }>;
    const links = emails
      .filter((e) => e.to.some((to) => to.address.toLowerCase() === address.toLowerCase()))
      .map((e) => link.exec(e.text ?? '')?.[1])
      .filter((token): token is string => Boolean(token) && token !== not);
    if (links.length) return links[links.length - 1];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No email with such a link reached ${address}`);
}

const cookiesOf = (res: Reply) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');

/** Paths of fields in the answer that the parse dropped: fields the contract does not have. */
function extraFields(sent: unknown, kept: unknown, path = '$'): string[] {
  if (Array.isArray(sent) && Array.isArray(kept))
    return sent.flatMap((item, i) => extraFields(item, kept[i], `${path}[${i}]`));
  if (sent && typeof sent === 'object' && kept && typeof kept === 'object') {
    return Object.entries(sent).flatMap(([key, value]) =>
      key in kept ? extraFields(value, (kept as Record<string, unknown>)[key], `${path}.${key}`) : [`${path}.${key}`],
    );
  }
  return [];
}

/** What is wrong with a JSON answer against its schema: a missing, renamed or mistyped field, or one too many. */
function jsonProblems(schema: z.ZodType, res: Reply): string[] {
  if (!res.headers.get('content-type')?.startsWith('application/json'))
    return [`content type ${res.headers.get('content-type')}`];
  const parsed = schema.safeParse(res.json);
  if (!parsed.success) return parsed.error.issues.map((issue) => `${['$', ...issue.path].join('.')}: ${issue.message}`);
  return extraFields(res.json, parsed.data).map((path) => `${path}: not in the contract`);
}

function binaryProblems(entry: BinaryResponse, res: Reply): string[] {
  // No content type declared: the answer is 204 with no body at all.
  if (entry.contentType === '')
    return res.status === 204 && res.text === '' ? [] : [`status ${res.status}, expected 204`];
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith(entry.contentType)) return [`content type ${type}, expected ${entry.contentType}`];
  if (entry.contentType === 'application/pdf' && !res.text.startsWith('%PDF-')) return ['not PDF bytes'];
  return [];
}

function contractProblems(route: ApiRoute, res: Reply): string[] {
  const entry = responseSchemas[route];
  return isBinaryResponse(entry) ? binaryProblems(entry, res) : jsonProblems(entry, res);
}

const declared = serviceRoutes().map((r) => `${r.method} ${r.path}`);

describe('every route has a response contract', () => {
  it('has a schema for every /api route a service answers', () => {
    expect(declared.filter((route) => !(route in responseSchemas))).toEqual([]);
  });

  it('has no schema for a route no service answers', () => {
    expect(Object.keys(responseSchemas).filter((route) => !declared.includes(route))).toEqual([]);
  });

  it('finds a missing, a renamed and an extra field', () => {
    const reply = (json: unknown) =>
      ({ status: 200, text: '', json, headers: new Headers({ 'content-type': 'application/json' }) }) as Reply;
    expect(contractProblems('GET /api/user', reply({ id: 1, email: 'a@example.com' }))).toEqual([]);
    expect(contractProblems('GET /api/user', reply({ id: 1 }))).not.toEqual([]);
    expect(contractProblems('GET /api/user', reply({ id: 1, mail: 'a@example.com' }))).not.toEqual([]);
    expect(contractProblems('GET /api/user', reply({ id: 1, email: 'a@example.com', role: 'x' }))).toEqual([
      '$.role: not in the contract',
    ]);
  });
});

describe('every answer of a real stack, parsed with its contract', () => {
  let world: World;
  /** Every success answer seen, by route. */
  const answers = new Map<string, Array<{ url: string; status: number; problems: string[] }>>();
  const refusals: Array<{ call: string; res: Reply }> = [];

  async function answer(
    route: ApiRoute,
    url: string,
    opts: { cookie?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const res = await call(world.stack.url, route.split(' ')[0], url, opts);
    const problems =
      res.status < 300 ? contractProblems(route, res) : [`status ${res.status}: ${res.text.slice(0, 200)}`];
    answers.set(route, [...(answers.get(route) ?? []), { url, status: res.status, problems }]);
    return res;
  }

  async function refusal(method: string, url: string, opts: { cookie?: string; body?: unknown; raw?: string } = {}) {
    refusals.push({ call: `${method} ${url}`, res: await call(world.stack.url, method, url, opts) });
  }

  beforeAll(async () => {
    world = await makeWorld({ env: { SIMULATED_WEBHOOK_SECRET: WEBHOOK_SECRET } });
    const { parentA } = world.cookies;
    const { A1, A2 } = world.ids;

    // Accounts: a parent of this test's own.
    const credentials = { email: `contract-${unique()}@example.com`, password: 'contract-pass-word' };
    await answer('POST /api/register', '/api/register', { body: credentials });
    const signedIn = await answer('POST /api/login', '/api/login', { body: credentials });
    let parent = cookiesOf(signedIn);
    await answer('GET /api/user', '/api/user', { cookie: parent });

    // Students and paper hours.
    await answer('GET /api/students', '/api/students', { cookie: parentA });
    await answer('GET /api/students/:id', `/api/students/${A1}`, { cookie: parentA });
    await answer('PUT /api/students/:id', `/api/students/${A1}`, {
      cookie: parentA,
      body: { firstName: 'Ava', lastName: 'Learner', dateOfBirth: '2009-05-01', licenseNumber: 'L-77' },
    });
    await answer('GET /api/students/:id/opening-balance', `/api/students/${A1}/opening-balance`, { cookie: parentA });
    await answer('PUT /api/students/:id/opening-balance', `/api/students/${A1}/opening-balance`, {
      cookie: parentA,
      body: { dayHours: 3, nightHours: 1, note: 'Paper log book' },
    });
    const made = await answer('POST /api/students', '/api/students', {
      cookie: parent,
      body: { firstName: 'Noa', lastName: 'Contract', dateOfBirth: '2009-05-01' },
    });
    const studentId = made.json?.id as number;

    // Billing, through the simulated provider.
    await answer('GET /api/billing/config', '/api/billing/config');
    const created = await answer('POST /api/create-subscription', '/api/create-subscription', {
      cookie: parent,
      body: { studentId },
    });
    await answer('POST /api/billing/simulate/confirm', '/api/billing/simulate/confirm', {
      cookie: parent,
      body: { clientSecret: created.json?.clientSecret },
    });
    await answer('GET /api/subscription/:studentId', `/api/subscription/${studentId}`, { cookie: parent });

    // The student's login, and the student signed in with it.
    const login = { studentUsername: `noa-${unique()}`, studentPassword: 'learner-pass-word' };
    await answer('POST /api/students/:id/create-login', `/api/students/${studentId}/create-login`, {
      cookie: parent,
      body: login,
    });
    const student = cookiesOf(await answer('POST /api/student-login', '/api/student-login', { body: login }));
    await answer('GET /api/student-auth', '/api/student-auth', { cookie: student });
    await answer('PUT /api/students/:id/update-login', `/api/students/${studentId}/update-login`, {
      cookie: parent,
      body: { studentUsername: `noa-${unique()}`, studentPassword: 'other-pass-word' },
    });
    await answer('DELETE /api/students/:id/delete-login', `/api/students/${studentId}/delete-login`, {
      cookie: parent,
    });
    // Running with a card: a new card for it, a cancel at the period's end, and taking that back.
    await answer('POST /api/billing/card', '/api/billing/card', { cookie: parent, body: { studentId } });
    await answer('POST /api/cancel-subscription', '/api/cancel-subscription', { cookie: parent, body: { studentId } });
    await answer('POST /api/billing/resume', '/api/billing/resume', { cookie: parent, body: { studentId } });
    await answer('POST /api/billing/simulate/renewal-failure', '/api/billing/simulate/renewal-failure', {
      cookie: parent,
      body: { studentId },
    });
    // The failed renewal is owed: the open invoice's secret to pay it with.
    await answer('POST /api/billing/payment', '/api/billing/payment', { cookie: parent, body: { studentId } });
    await answer('POST /api/cancel-subscription', '/api/cancel-subscription', { cookie: parent, body: { studentId } });

    // The family's guardians: one joins and leaves, another joins and is removed by the billing owner.
    await answer('GET /api/family', '/api/family', { cookie: parentA });
    for (const [n, leaves] of [
      [1, true],
      [2, false],
    ] as const) {
      const adult = await registerParent(world.stack.url, `contract-guardian-${n}`);
      await answer('POST /api/family/invitations', '/api/family/invitations', {
        cookie: parent,
        body: { email: adult.email },
      });
      const token = await invitationToken(world.stack.mail!.webUrl, adult.email);
      await answer('POST /api/family/invitations/open', '/api/family/invitations/open', { body: { token } });
      const joined = await answer('POST /api/family/join', '/api/family/join', {
        cookie: adult.cookie,
        body: { token },
      });
      const guardian = cookiesOf(joined);
      if (leaves) await answer('POST /api/family/leave', '/api/family/leave', { cookie: guardian });
      else {
        const me = await call(world.stack.url, 'GET', '/api/user', { cookie: guardian });
        await answer('DELETE /api/family/guardians/:id', `/api/family/guardians/${me.json.id}`, { cookie: parent });
      }
    }

    // A delivery signed as the provider signs it, and the same delivery again.
    const payload = JSON.stringify({
      id: `evt_contract_${unique()}`,
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type: 'customer.created',
      data: { object: { id: `cus_${unique()}`, object: 'customer' } },
    });
    for (let delivery = 0; delivery < 2; delivery++) {
      await answer('POST /api/stripe/webhook', '/api/stripe/webhook', {
        raw: payload,
        headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      });
    }

    // The log book: a session logged and sent again, lists, progress (with and without paper hours), the PDF.
    const session = sessionBody(A1);
    await answer('POST /api/driving-sessions', '/api/driving-sessions', { cookie: parentA, body: session });
    await answer('POST /api/driving-sessions', '/api/driving-sessions', { cookie: parentA, body: session });
    // Put right, and taken out: the answers of a correction and a removal, and the list with its history.
    const toCorrect = await answer('POST /api/driving-sessions', '/api/driving-sessions', {
      cookie: parentA,
      body: sessionBody(A1, { startTime: '11:00', endTime: '12:00', duration: '1.0 hours', weatherConditions: 'rain' }),
    });
    await answer(
      'POST /api/driving-sessions/:id/correction',
      `/api/driving-sessions/${toCorrect.json?.id}/correction`,
      {
        cookie: parentA,
        body: {
          ...sessionBody(A1, { startTime: '11:00', endTime: '12:30', duration: '1.5 hours' }),
          reason: 'End time',
        },
      },
    );
    const toRemove = await answer('POST /api/driving-sessions', '/api/driving-sessions', {
      cookie: parentA,
      body: sessionBody(A1, { startTime: '13:00', endTime: '14:00', duration: '1.0 hours' }),
    });
    await answer('POST /api/driving-sessions/:id/removal', `/api/driving-sessions/${toRemove.json?.id}/removal`, {
      cookie: parentA,
      body: { reason: 'Logged twice' },
    });
    // The family's saved supervisors.
    const supervisor = await answer('POST /api/supervisors', '/api/supervisors', {
      cookie: world.cookies.studentA1,
      body: { name: 'Sam Supervisor', licenseNumber: 'SA555', isInstructor: false },
    });
    await answer('GET /api/supervisors', '/api/supervisors', { cookie: world.cookies.studentA1 });
    await answer('PUT /api/supervisors/:id', `/api/supervisors/${supervisor.json?.id}`, {
      cookie: parentA,
      body: { name: 'Sam Supervisor', licenseNumber: 'SA555', isInstructor: true },
    });
    await answer('DELETE /api/supervisors/:id', `/api/supervisors/${supervisor.json?.id}`, { cookie: parentA });
    await answer('GET /api/vehicles', '/api/vehicles', { cookie: world.cookies.studentA1 });
    for (const query of ['', '?include=signatures', '?include=history', '?timeOfDay=day']) {
      await answer('GET /api/driving-sessions/:studentId', `/api/driving-sessions/${A1}${query}`, {
        cookie: world.cookies.studentA1,
      });
    }
    for (const id of [A1, A2]) {
      await answer('GET /api/driving-sessions/:studentId/summary', `/api/driving-sessions/${id}/summary`, {
        cookie: parentA,
      });
    }
    await answer('GET /api/driving-sessions/:studentId/insights', `/api/driving-sessions/${A1}/insights`, {
      cookie: parentA,
    });
    await answer('GET /api/driving-sessions/:studentId/readiness', `/api/driving-sessions/${A1}/readiness`, {
      cookie: world.cookies.studentA1,
    });
    for (const query of ['', '?on=2020-11-30', '?on=2026-11-25'])
      await answer('GET /api/state-rules', `/api/state-rules${query}`);
    const own = await answer(
      'GET /api/driving-sessions/:studentId/verification',
      `/api/driving-sessions/${A1}/verification`,
      { cookie: world.cookies.studentA1 },
    );
    await answer('GET /api/verify/:code', `/api/verify/${own.json?.code}`);
    await answer('GET /api/driving-sessions/:studentId/pdf', `/api/driving-sessions/${A1}/pdf`, { cookie: parentA });

    // Supervisors asked to sign on their own phone: one link sent again, opened and signed; one declined; one cancelled.
    const askSupervisor = async (startTime: string, endTime: string) => {
      const address = `supervisor-${unique()}@example.com`;
      const { supervisorSignature: _drawnElsewhere, ...body } = sessionBody(A1, {
        startTime,
        endTime,
        duration: '1.0 hours',
      });
      const asked = await answer('POST /api/driving-sessions', '/api/driving-sessions', {
        cookie: parentA,
        body: { ...body, remoteSignOff: { supervisorEmail: address } },
      });
      return { id: asked.json?.id as number, address };
    };
    const toSign = await askSupervisor('15:00', '16:00');
    const firstLink = await tokenInInbox(world, toSign.address, SIGN_LINK);
    await answer(
      'POST /api/driving-sessions/:id/sign-off/resend',
      `/api/driving-sessions/${toSign.id}/sign-off/resend`,
      { cookie: parentA, body: {} },
    );
    const signLink = await tokenInInbox(world, toSign.address, SIGN_LINK, firstLink);
    await answer('GET /api/sign-off/:token', `/api/sign-off/${signLink}`);
    await answer('POST /api/sign-off/:token', `/api/sign-off/${signLink}`, {
      body: {
        supervisorName: 'Pat Supervisor',
        supervisorLicenseNumber: 'SA123456',
        licenceState: 'SA',
        fullLicenceYear: 1998,
        supervisorSignature: SIGNATURE,
      },
    });
    const toDecline = await askSupervisor('16:30', '17:30');
    const declineLink = await tokenInInbox(world, toDecline.address, SIGN_LINK);
    await answer('POST /api/sign-off/:token/decline', `/api/sign-off/${declineLink}/decline`, {
      body: { reason: 'I was not in the car' },
    });
    // The signing page of this release: the token in the body.
    const toSignHere = await askSupervisor('07:00', '08:00');
    const signToken = await tokenInInbox(world, toSignHere.address, SIGN_LINK);
    await answer('POST /api/signing/entry', '/api/signing/entry', { body: { token: signToken } });
    await answer('POST /api/signing/sign', '/api/signing/sign', {
      body: {
        token: signToken,
        supervisorName: 'Pat Supervisor',
        supervisorLicenseNumber: 'SA123456',
        licenceState: 'SA',
        fullLicenceYear: 1998,
        supervisorSignature: SIGNATURE,
      },
    });
    const toDeclineHere = await askSupervisor('19:30', '20:30');
    const declineToken = await tokenInInbox(world, toDeclineHere.address, SIGN_LINK);
    await answer('POST /api/signing/decline', '/api/signing/decline', {
      body: { token: declineToken, reason: 'I was not in the car' },
    });
    const toCancel = await askSupervisor('18:00', '19:00');
    await answer(
      'POST /api/driving-sessions/:id/sign-off/cancel',
      `/api/driving-sessions/${toCancel.id}/sign-off/cancel`,
      { cookie: parentA, body: {} },
    );

    // Settings.
    await answer('GET /api/settings', '/api/settings', { cookie: parentA });
    await answer('PUT /api/settings/:key', '/api/settings/dayTimeTargetHours', {
      cookie: parentA,
      body: { value: 70 },
    });
    await answer('PUT /api/settings/:key', '/api/settings/state', { cookie: parentA, body: { value: 'NSW' } });
    await answer('POST /api/settings', '/api/settings', {
      cookie: parentA,
      body: { key: 'nightTimeTargetHours', value: 20 },
    });
    await answer('DELETE /api/settings/targets', '/api/settings/targets', { cookie: parentA });

    // Refusals of every kind: validation, sign-in, ownership, unknown code, forged webhook, no such route.
    await refusal('POST', '/api/students', { cookie: parentA, body: { firstName: '' } });
    await refusal('POST', '/api/login', { body: { email: credentials.email, password: 'wrong-pass-word' } });
    await refusal('GET', '/api/user');
    await refusal('GET', `/api/driving-sessions/${A1}`, { cookie: world.cookies.parentB });
    await refusal('POST', `/api/driving-sessions/${toCorrect.json?.id}/removal`, {
      cookie: world.cookies.studentA1,
      body: { reason: 'x' },
    });
    await refusal('DELETE', '/api/supervisors/999999999', { cookie: world.cookies.parentB });
    await refusal('GET', '/api/verify/AAAAAAAAAAAAAAAA');
    await refusal('POST', '/api/stripe/webhook', { body: { id: 'evt_forged' } });
    await refusal('GET', '/api/no-such-route');

    // The account: a reset asked for, its link refused once unknown, the family's data, a student removed.
    await answer('POST /api/password-reset', '/api/password-reset', { body: { email: credentials.email } });
    await refusal('POST', '/api/password-reset/confirm', {
      body: { token: 'no-such-token', password: 'another-pass-word' },
    });
    const token = await tokenInInbox(world, credentials.email, RESET_LINK);
    await answer('POST /api/password-reset/confirm', '/api/password-reset/confirm', {
      body: { token, password: credentials.password },
    });
    // The reset ended every session of the parent: sign in again.
    parent = cookiesOf(await answer('POST /api/login', '/api/login', { body: credentials }));
    await answer('GET /api/user/export', '/api/user/export', { cookie: parent });
    await answer('DELETE /api/students/:id', `/api/students/${studentId}`, { cookie: parent });
    const changed = await answer('PUT /api/user/password', '/api/user/password', {
      cookie: parent,
      body: { currentPassword: credentials.password, newPassword: 'contract-new-word' },
    });
    const stillSignedIn = cookiesOf(changed) || parent;

    // Last: these end the sessions used above.
    await answer('POST /api/student-logout', '/api/student-logout', { cookie: student });
    await answer('DELETE /api/user', '/api/user', { cookie: stillSignedIn, body: { password: 'contract-new-word' } });
    // A second parent signs out the ordinary way.
    const other = { email: `contract-${unique()}@example.com`, password: 'contract-pass-word' };
    await answer('POST /api/register', '/api/register', { body: other });
    const otherSignedIn = cookiesOf(await answer('POST /api/login', '/api/login', { body: other }));
    await answer('POST /api/logout', '/api/logout', { cookie: otherSignedIn });
  }, 300_000);
  afterAll(() => endWorld(world));

  it.each(declared)('%s answers as its contract says', (route) => {
    const seen = answers.get(route) ?? [];
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((s) => s.problems.length)).toEqual([]);
  });

  it('answers every refusal with the shared error shape and nothing more', () => {
    expect(refusals.length).toBeGreaterThan(0);
    const problems = refusals.flatMap(({ call: made, res }) =>
      res.status < 400
        ? [`${made}: status ${res.status}`]
        : jsonProblems(errorResponseSchema, res).map((p) => `${made}: ${p}`),
    );
    expect(problems).toEqual([]);
  });
});
