// Ordinary traffic over the whole API, as the front ends and a careful outside client send it, plus the refusals and
// hostile input the services are tested with: used by `npm run openapi:proxy-check` to put every route through a
// validating proxy. Every call is recorded with its answer, so that the caller can judge each one.
import crypto from 'node:crypto';
import { PNG } from 'pngjs';

/** A signature as the pad draws it: a 400x150 white PNG crossed by a black stroke. */
function signature() {
  const png = new PNG({ width: 400, height: 150 });
  png.data.fill(255);
  for (let x = 20; x < 380; x++) {
    const y = Math.round(75 + Math.sin(x / 18) * 37);
    for (let dy = -1; dy <= 1; dy++) {
      const i = ((y + dy) * 400 + x) * 4;
      png.data[i] = png.data[i + 1] = png.data[i + 2] = 0;
    }
  }
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const unique = (what) => `${what}-${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}`;

/**
 * A client of `base` (the proxy) that keeps every call with its answer. `origin` is the app's own origin, sent on
 * writes as a browser does.
 */
function client(base, origin) {
  const calls = [];

  /**
   * One request, as a client sends it. A service that is briefly unavailable or slow (503, 504: a loaded machine) is
   * asked again after a moment, as the front ends do; every answer, those included, is kept and judged.
   */
  async function call(method, path, options = {}) {
    for (let attempt = 1; ; attempt++) {
      const record = await callOnce(method, path, options);
      if (![503, 504].includes(record.status) || attempt === 4) return record;
      await sleep(1000 * attempt);
    }
  }

  async function callOnce(method, path, { body, raw, cookie, headers = {}, note = '', crossOrigin } = {}) {
    const sent = { ...headers };
    if (cookie) sent.cookie = cookie;
    if (method !== 'GET') sent.origin = crossOrigin ? 'https://elsewhere.example' : origin;
    let payload;
    if (raw !== undefined) payload = raw;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      sent['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${base}${path}`, { method, headers: sent, body: payload, redirect: 'manual' });
    const type = res.headers.get('content-type') ?? '';
    const text = Buffer.from(await res.arrayBuffer());
    let parsed;
    if (type.includes('json')) {
      try {
        parsed = JSON.parse(text.toString('utf8'));
      } catch {
        parsed = undefined;
      }
    }
    const record = { method, path, status: res.status, headers: res.headers, body: parsed, note };
    calls.push(record);
    return record;
  }
  const cookieOf = (res, name) => {
    const found = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
    if (!found) throw new Error(`${res.method} ${res.path} set no ${name} cookie (answered ${res.status})`);
    return found.split(';')[0];
  };
  const expectStatus = (res, ...statuses) => {
    if (!statuses.includes(res.status)) {
      throw new Error(
        `${res.method} ${res.path} answered ${res.status}, not ${statuses.join(' or ')}: ${JSON.stringify(res.body)}`,
      );
    }
    return res;
  };
  return { calls, call, cookieOf, expectStatus };
}

/** The gateway's own routes. */
async function gatewayRoutes({ call, expectStatus }) {
  expectStatus(await call('GET', '/api/health'), 200);
  expectStatus(await call('GET', '/api/versions'), 200);
  expectStatus(await call('GET', '/api/openapi.json'), 200);
  expectStatus(await call('GET', '/api/docs'), 200);
  expectStatus(await call('GET', '/api/docs/redoc.standalone.js'), 200);
  expectStatus(await call('GET', '/api/state-rules'), 200);
  expectStatus(await call('GET', '/api/state-rules?on=2020-11-30'), 200);
  expectStatus(await call('GET', '/api/state-rules?on=2026-02-30'), 400);
}

/** A parent: registering, signing in, the account. */
async function parentAccount({ call, expectStatus, cookieOf }, family) {
  const email = `${unique('parent')}@example.com`;
  let password = 'a-long-pass-phrase-1';
  expectStatus(await call('POST', '/api/register', { body: { email, password, state: 'SA' } }), 201);
  expectStatus(await call('POST', '/api/register', { body: { email: 'not-an-email', password } }), 400);
  expectStatus(
    await call('POST', '/api/register', { body: { email, password }, crossOrigin: true, note: 'cross-origin' }),
    403,
  );
  const login = expectStatus(await call('POST', '/api/login', { body: { email, password } }), 200);
  const parent = cookieOf(login, 'll_parent');
  expectStatus(await call('GET', '/api/user', { cookie: parent }), 200);
  expectStatus(await call('GET', '/api/user', { note: 'no cookie' }), 401);
  expectStatus(
    await call('PUT', '/api/user/password', {
      cookie: parent,
      body: { currentPassword: 'not-the-password-1', newPassword: 'another-long-pass-2' },
    }),
    403,
  );
  expectStatus(
    await call('PUT', '/api/user/password', {
      cookie: parent,
      body: { currentPassword: password, newPassword: 'another-long-pass-2' },
    }),
    200,
  );
  password = 'another-long-pass-2';
  Object.assign(family, { email, password, parent });
}

/** Students and their logins. */
async function students({ call, expectStatus }, family) {
  const { parent } = family;
  const studentBody = { firstName: 'Sam', lastName: 'Driver', dateOfBirth: '2009-04-02', licenseNumber: 'L123' };
  const student = expectStatus(await call('POST', '/api/students', { cookie: parent, body: studentBody }), 201).body;
  const other = expectStatus(
    await call('POST', '/api/students', { cookie: parent, body: { ...studentBody, firstName: 'Alex' } }),
    201,
  ).body;
  expectStatus(await call('POST', '/api/students', { cookie: parent, body: { firstName: '' } }), 400);
  expectStatus(await call('GET', '/api/students', { cookie: parent }), 200);
  expectStatus(await call('GET', `/api/students/${student.id}`, { cookie: parent }), 200);
  expectStatus(await call('GET', '/api/students/999999999', { cookie: parent, note: 'not the caller’s' }), 404);
  expectStatus(
    await call('PUT', `/api/students/${student.id}`, { cookie: parent, body: { ...studentBody, lastName: 'Driven' } }),
    200,
  );
  expectStatus(await call('GET', `/api/students/${student.id}/opening-balance`, { cookie: parent }), 200);
  expectStatus(
    await call('PUT', `/api/students/${student.id}/opening-balance`, {
      cookie: parent,
      body: { dayHours: 3.5, nightHours: 1, note: 'From the paper log book' },
    }),
    200,
  );
  Object.assign(family, { studentBody, student, other });
}

/**
 * Billing, through the simulated provider. What a card holder does at the provider (confirming, a renewal failing)
 * goes to the simulator's own routes straight, not through the proxy: production does not mount them, so the
 * published description leaves them out.
 */
async function billing({ call, expectStatus }, family, { simulator }) {
  const { parent, student } = family;
  /** The parent's POST with a body, checked for its status; answers what it answered. */
  const post = async (path, body, status, note) =>
    expectStatus(await call('POST', path, { cookie: parent, body, note }), status).body;
  const simulate = async (path, body) =>
    simulator.expectStatus(await simulator.call('POST', path, { cookie: parent, body }), 200).body;
  const ofStudent = { studentId: student.id };
  const confirm = (started) => simulate('/api/billing/simulate/confirm', { clientSecret: started.clientSecret });

  expectStatus(await call('GET', '/api/billing/config'), 200);
  expectStatus(await call('GET', `/api/subscription/${student.id}`, { cookie: parent }), 200);
  const created = await post('/api/create-subscription', ofStudent, 200);
  await post('/api/create-subscription', { studentId: 999999999 }, 404, 'not the caller’s');
  await confirm(created);
  await post('/api/create-subscription', ofStudent, 409, 'already subscribed');
  await simulate('/api/billing/simulate/renewal-failure', ofStudent);
  await post('/api/billing/card', ofStudent, 409, 'owed: paid through the open invoice');
  await confirm(await post('/api/billing/payment', ofStudent, 200));
  await post('/api/billing/payment', ofStudent, 409, 'paid up');
  await confirm(await post('/api/billing/card', ofStudent, 200));
  await post('/api/billing/resume', ofStudent, 409, 'not set to end');
  await post('/api/cancel-subscription', ofStudent, 200);
  await post('/api/billing/resume', ofStudent, 200);
  expectStatus(await call('GET', `/api/subscription/${student.id}`, { cookie: parent }), 200);
  expectStatus(
    await call('POST', '/api/stripe/webhook', {
      body: { id: 'evt_1', type: 'invoice.paid' },
      headers: { 'stripe-signature': 't=1,v1=00' },
      note: 'not signed by Stripe',
    }),
    400,
  );
}

/** A student's login (a subscribed student's). */
async function studentLogins({ call, expectStatus, cookieOf }, family) {
  const { parent, student, other } = family;
  const username = unique('sam').replace(/-/g, '').slice(0, 24);
  const studentPassword = 'student-pass-1';
  expectStatus(
    await call('POST', `/api/students/${student.id}/create-login`, {
      cookie: parent,
      body: { studentUsername: username, studentPassword },
    }),
    201,
  );
  expectStatus(
    await call('POST', `/api/students/${student.id}/create-login`, {
      cookie: parent,
      body: { studentUsername: username, studentPassword },
      note: 'a login already',
    }),
    409,
  );
  expectStatus(
    await call('PUT', `/api/students/${student.id}/update-login`, {
      cookie: parent,
      body: { studentUsername: username, studentPassword: 'student-pass-2' },
    }),
    200,
  );
  expectStatus(
    await call('POST', `/api/students/${other.id}/create-login`, {
      cookie: parent,
      body: { studentUsername: `${username}x`, studentPassword },
      note: 'no subscription',
    }),
    403,
  );
  const studentLogin = expectStatus(
    await call('POST', '/api/student-login', {
      body: { studentUsername: username, studentPassword: 'student-pass-2' },
    }),
    200,
  );
  const studentCookie = cookieOf(studentLogin, 'll_student');
  expectStatus(
    await call('POST', '/api/student-login', { body: { studentUsername: username, studentPassword: 'wrong-pass-9' } }),
    401,
  );
  expectStatus(await call('GET', '/api/student-auth', { cookie: studentCookie }), 200);
  Object.assign(family, { username, studentPassword, studentCookie });
}

/** Sessions, once the subscription has reached the log book. */
async function drivingSessions({ calls, call, expectStatus }, family) {
  const { parent, student, other, studentCookie } = family;
  const sig = signature();
  const today = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const session = (overrides = {}) => ({
    studentId: student.id,
    date: today,
    startTime: '09:00',
    endTime: '10:30',
    duration: '1.5 hours',
    startSuburb: 'Glenelg',
    endSuburb: 'Norwood',
    timeOfDay: 'day',
    trafficConditions: 'light',
    roadConditions: 'sealed',
    weatherConditions: 'clear',
    studentSignature: sig,
    supervisorName: 'Pat Supervisor',
    supervisorLicenseNumber: 'SA123456',
    supervisorSignature: sig,
    clientId: crypto.randomUUID(),
    ...overrides,
  });
  const first = session();
  let logged;
  for (let attempt = 0; attempt < 40; attempt++) {
    logged = await call('POST', '/api/driving-sessions', { cookie: parent, body: first });
    if (logged.status !== 403) break;
    calls.pop(); // the subscription's event is still on its way to the log book
    await sleep(250);
  }
  expectStatus(logged, 201);
  expectStatus(await call('POST', '/api/driving-sessions', { cookie: parent, body: first, note: 'a repeat' }), 200);
  expectStatus(
    await call('POST', '/api/driving-sessions', {
      cookie: parent,
      body: session({ startTime: '10:00', endTime: '11:00', duration: '1.0 hours' }),
      note: 'overlaps a drive already logged',
    }),
    409,
  );
  const bySt = expectStatus(
    await call('POST', '/api/driving-sessions', {
      cookie: studentCookie,
      body: session({
        startTime: '18:00',
        endTime: '19:00',
        duration: '1.0 hours',
        timeOfDay: 'night',
        vehicleRegistration: 'S123ABC',
        odometerStart: 41250,
        odometerEnd: 41273,
      }),
    }),
    201,
  ).body;
  expectStatus(
    await call('POST', '/api/driving-sessions', { cookie: parent, body: session({ startSuburb: '' }) }),
    400,
  );
  expectStatus(
    await call('POST', '/api/driving-sessions', {
      cookie: parent,
      body: session({ studentId: other.id }),
      note: 'no subscription',
    }),
    403,
  );
  expectStatus(await call('GET', `/api/driving-sessions/${student.id}`, { cookie: parent }), 200);
  expectStatus(
    await call('GET', `/api/driving-sessions/${student.id}?history=true&timeOfDay=day`, { cookie: studentCookie }),
    200,
  );
  expectStatus(await call('GET', `/api/driving-sessions/${student.id}/summary`, { cookie: parent }), 200);
  expectStatus(await call('GET', `/api/driving-sessions/${student.id}/insights`, { cookie: parent }), 200);
  expectStatus(
    await call('GET', `/api/driving-sessions/${student.id}/insights?today=${today}`, { cookie: studentCookie }),
    200,
  );
  expectStatus(await call('GET', `/api/driving-sessions/${student.id}/pdf`, { cookie: parent }), 200);
  expectStatus(await call('GET', `/api/driving-sessions/${student.id}/readiness`, { cookie: parent }), 200);
  expectStatus(await call('GET', `/api/driving-sessions/${student.id}/readiness`, { cookie: studentCookie }), 200);
  Object.assign(family, { session, logged, bySt });
}

/** Corrections and removals. */
async function corrections({ call, expectStatus }, family) {
  const { parent, studentCookie, session, logged, bySt } = family;
  const corrected = expectStatus(
    await call('POST', `/api/driving-sessions/${logged.body.id}/correction`, {
      cookie: parent,
      body: session({ endTime: '10:45', duration: '1.8 hours', reason: 'The drive ended later' }),
    }),
    201,
  ).body;
  expectStatus(
    await call('POST', `/api/driving-sessions/${logged.body.id}/correction`, {
      cookie: parent,
      body: session({ reason: 'Again' }),
      note: 'already corrected',
    }),
    409,
  );
  expectStatus(
    await call('POST', `/api/driving-sessions/${corrected.id}/correction`, {
      cookie: studentCookie,
      body: session({ reason: 'A student may not' }),
      note: 'a student',
    }),
    403,
  );
  expectStatus(
    await call('POST', `/api/driving-sessions/${bySt.id}/removal`, {
      cookie: parent,
      body: { reason: 'Logged twice' },
    }),
    200,
  );
  expectStatus(
    await call('POST', '/api/driving-sessions/999999999/removal', {
      cookie: parent,
      body: { reason: 'Not ours' },
      note: 'not the caller’s',
    }),
    404,
  );
  Object.assign(family, { corrected });
}

/** The newest link to sign an entry that reached `to` in the local inbox, once `count` emails reached it. */
async function signingLink(inboxUrl, to, count = 1) {
  for (let attempt = 0; attempt < 80; attempt++) {
    const all = await (await fetch(`${inboxUrl}/api/email`)).json();
    const mails = all.filter((m) => m.to.some((t) => t.address === to) && /\/sign#/.test(m.text ?? ''));
    const last = mails.length >= count ? mails.at(-1) : undefined;
    if (last) return /\/sign#([A-Za-z0-9_-]+)/.exec(last.text)[1];
    await sleep(250);
  }
  throw new Error(`no signing link reached ${to}`);
}

/** A supervisor asked to sign on their own phone: the request, the page, signing, declining, resending, cancelling. */
async function remoteSignOff({ call, expectStatus }, family, { inboxUrl }) {
  const { parent, studentCookie, session } = family;
  const ask = (supervisorEmail, extra = {}) => {
    const { supervisorSignature: _signedHere, ...body } = session(extra);
    return call('POST', '/api/driving-sessions', {
      cookie: studentCookie,
      body: { ...body, remoteSignOff: { supervisorEmail } },
    });
  };
  const pat = `${unique('pat')}@example.org`;
  const awaiting = expectStatus(await ask(pat, { date: '2026-03-02' }), 201).body;
  expectStatus(await call('GET', `/api/sign-off/${'A'.repeat(32)}`, { note: 'a guessed token' }), 404);
  expectStatus(
    await call('POST', `/api/sign-off/${'A'.repeat(32)}`, { body: { supervisorName: 'Pat' }, note: 'incomplete' }),
    400,
  );
  const signing = {
    supervisorName: 'Pat Supervisor',
    supervisorLicenseNumber: 'SA123456',
    licenceState: 'SA',
    fullLicenceYear: 1998,
    supervisorSignature: session().supervisorSignature,
  };
  expectStatus(await call('POST', `/api/sign-off/${'A'.repeat(32)}`, { body: signing, note: 'a guessed token' }), 404);
  expectStatus(
    await call('POST', `/api/sign-off/${'A'.repeat(32)}/decline`, {
      body: { reason: 'Not me' },
      note: 'a guessed token',
    }),
    404,
  );
  expectStatus(
    await call('POST', `/api/driving-sessions/${awaiting.id}/sign-off/resend`, { cookie: parent, body: {} }),
    200,
  );
  expectStatus(
    await call('POST', `/api/driving-sessions/${awaiting.id}/sign-off/resend`, {
      cookie: studentCookie,
      body: {},
      note: 'a student',
    }),
    403,
  );
  if (inboxUrl) {
    // The link sent again is the one that works.
    const token = await signingLink(inboxUrl, pat, 2);
    expectStatus(await call('GET', `/api/sign-off/${token}`), 200);
    expectStatus(await call('POST', `/api/sign-off/${token}`, { body: signing }), 200);
    expectStatus(await call('POST', `/api/sign-off/${token}`, { body: signing, note: 'used already' }), 404);
    const sam = `${unique('sam')}@example.org`;
    expectStatus(await ask(sam, { date: '2026-03-03' }), 201);
    const declining = await signingLink(inboxUrl, sam);
    expectStatus(
      await call('POST', `/api/sign-off/${declining}/decline`, { body: { reason: 'I was not there' } }),
      200,
    );
    // The signing page of this release sends the token in the body.
    const kim = `${unique('kim')}@example.org`;
    expectStatus(await ask(kim, { date: '2026-03-06' }), 201);
    const kimToken = await signingLink(inboxUrl, kim);
    expectStatus(await call('POST', '/api/signing/entry', { body: { token: kimToken } }), 200);
    expectStatus(await call('POST', '/api/signing/sign', { body: { ...signing, token: kimToken } }), 200);
    const lou = `${unique('lou')}@example.org`;
    expectStatus(await ask(lou, { date: '2026-03-07' }), 201);
    const louToken = await signingLink(inboxUrl, lou);
    expectStatus(await call('POST', '/api/signing/decline', { body: { token: louToken, reason: 'Not me' } }), 200);
  }
  for (const [path, body] of [
    ['/api/signing/entry', {}],
    ['/api/signing/sign', signing],
    ['/api/signing/decline', { reason: 'Not me' }],
  ]) {
    const guessed = { ...body, token: 'A'.repeat(32) };
    expectStatus(await call('POST', path, { body: guessed, note: 'a guessed token' }), 404);
  }
  const withdrawn = expectStatus(await ask(`${unique('lee')}@example.org`, { date: '2026-03-04' }), 201).body;
  expectStatus(await call('POST', `/api/driving-sessions/${withdrawn.id}/sign-off/cancel`, { cookie: parent }), 200);
  expectStatus(
    await call('POST', `/api/driving-sessions/${withdrawn.id}/sign-off/cancel`, { cookie: parent, note: 'again' }),
    409,
  );
  // Past the limit per supervisor address: six drives of one day, each at its own times (no two may overlap).
  const busy = `${unique('busy')}@example.org`;
  const at = (hour, minutes) => `${String(hour).padStart(2, '0')}:${minutes}`;
  const drive = (i) => ({ date: '2026-03-05', startTime: at(8 + 2 * i, '00'), endTime: at(9 + 2 * i, '30') });
  for (let i = 0; i < 5; i++) expectStatus(await ask(busy, drive(i)), 201);
  expectStatus(await ask(busy, drive(5)), 429);
  // The family's cars (the session form offers them).
  expectStatus(await call('GET', '/api/vehicles', { cookie: parent }), 200);
}

/** Verification of a printed log book. */
async function verification({ call, expectStatus }, family) {
  const { parent, student } = family;
  const verification = expectStatus(
    await call('GET', `/api/driving-sessions/${student.id}/verification`, { cookie: parent }),
    200,
  ).body;
  const code = verification.code ?? verification.verificationCode;
  if (typeof code !== 'string') throw new Error(`no verification code in ${JSON.stringify(verification)}`);
  expectStatus(await call('GET', `/api/verify/${encodeURIComponent(code)}`), 200);
  expectStatus(await call('GET', '/api/verify/NOT-A-CODE', { note: 'unknown code' }), 404);
}

/** Settings and supervisors. */
async function settingsAndSupervisors({ call, expectStatus }, family) {
  const { parent, studentCookie } = family;
  expectStatus(await call('GET', '/api/settings', { cookie: studentCookie }), 200);
  expectStatus(await call('PUT', '/api/settings/dayTimeTargetHours', { cookie: parent, body: { value: 60 } }), 200);
  expectStatus(
    await call('POST', '/api/settings', { cookie: parent, body: { key: 'nightTimeTargetHours', value: '15' } }),
    200,
  );
  expectStatus(await call('PUT', '/api/settings/nope', { cookie: parent, body: { value: 5 } }), 400);
  expectStatus(await call('DELETE', '/api/settings/targets', { cookie: parent }), 200);
  expectStatus(
    await call('DELETE', '/api/settings/targets', { cookie: studentCookie, note: 'a student: parents only' }),
    401,
  );
  expectStatus(
    await call('PUT', '/api/settings/dayTimeTargetHours', {
      cookie: studentCookie,
      body: { value: 61 },
      note: 'a student: parents only',
    }),
    401,
  );
  const supervisor = expectStatus(
    await call('POST', '/api/supervisors', {
      cookie: studentCookie,
      body: { name: 'Chris Coach', licenseNumber: 'SA765432' },
    }),
    201,
  ).body;
  expectStatus(await call('GET', '/api/supervisors', { cookie: parent }), 200);
  expectStatus(await call('GET', '/api/vehicles', { cookie: parent }), 200);
  expectStatus(await call('GET', '/api/vehicles', { cookie: studentCookie }), 200);
  expectStatus(await call('GET', '/api/vehicles?on=2024-02-29', { cookie: parent }), 200);
  expectStatus(await call('GET', '/api/vehicles?on=2026-02-30', { cookie: parent }), 400);
  expectStatus(
    await call('PUT', `/api/supervisors/${supervisor.id}`, {
      cookie: parent,
      body: { name: 'Chris Coach', licenseNumber: 'SA765432', isInstructor: true },
    }),
    200,
  );
  expectStatus(
    await call('PUT', `/api/supervisors/${supervisor.id}`, {
      cookie: studentCookie,
      body: { name: 'Chris', licenseNumber: 'SA765432' },
      note: 'a student',
    }),
    403,
  );
  expectStatus(await call('DELETE', `/api/supervisors/${supervisor.id}`, { cookie: parent }), 204);
  expectStatus(await call('DELETE', `/api/supervisors/${supervisor.id}`, { cookie: parent, note: 'gone' }), 404);
}

/** Another family: every route that names something of the first family's. */
async function anotherFamily({ call, expectStatus, cookieOf }, family) {
  const { parent, password, student, studentBody, username, studentPassword, session, corrected } = family;
  const strangerEmail = `${unique('stranger')}@example.com`;
  expectStatus(await call('POST', '/api/register', { body: { email: strangerEmail, password } }), 201);
  const stranger = cookieOf(
    expectStatus(await call('POST', '/api/login', { body: { email: strangerEmail, password } }), 200),
    'll_parent',
  );
  const theirs = { cookie: stranger, note: 'another family' };
  for (const path of [
    `/api/students/${student.id}`,
    `/api/students/${student.id}/opening-balance`,
    `/api/subscription/${student.id}`,
    `/api/driving-sessions/${student.id}`,
    `/api/driving-sessions/${student.id}/summary`,
    `/api/driving-sessions/${student.id}/insights`,
    `/api/driving-sessions/${student.id}/pdf`,
    `/api/driving-sessions/${student.id}/verification`,
    `/api/driving-sessions/${student.id}/readiness`,
  ]) {
    expectStatus(await call('GET', path, theirs), 403, 404);
  }
  const ids = { studentId: student.id };
  for (const [method, path, body] of [
    ['PUT', `/api/students/${student.id}`, studentBody],
    ['DELETE', `/api/students/${student.id}`, undefined],
    ['PUT', `/api/students/${student.id}/opening-balance`, { dayHours: 1, nightHours: 1 }],
    ['PUT', `/api/students/${student.id}/update-login`, { studentUsername: username, studentPassword }],
    ['DELETE', `/api/students/${student.id}/delete-login`, undefined],
    ['POST', '/api/create-subscription', ids],
    ['POST', '/api/cancel-subscription', ids],
    ['POST', '/api/billing/payment', ids],
    ['POST', '/api/billing/resume', ids],
    ['POST', '/api/billing/card', ids],
    ['POST', '/api/driving-sessions', session()],
    ['POST', `/api/driving-sessions/${corrected.id}/correction`, session({ reason: 'Not theirs' })],
    ['POST', `/api/driving-sessions/${corrected.id}/removal`, { reason: 'Not theirs' }],
  ]) {
    expectStatus(await call(method, path, { ...theirs, body }), 403, 404);
  }
  const ownSupervisor = expectStatus(
    await call('POST', '/api/supervisors', { cookie: parent, body: { name: 'Lee Learner', licenseNumber: 'SA111' } }),
    201,
  ).body;
  expectStatus(
    await call('PUT', `/api/supervisors/${ownSupervisor.id}`, {
      ...theirs,
      body: { name: 'Lee', licenseNumber: 'SA111' },
    }),
    403,
    404,
  );
  expectStatus(await call('DELETE', `/api/supervisors/${ownSupervisor.id}`, theirs), 403, 404);
}

/** Hostile input: operators for strings, wrong types, bodies that are not JSON or too large. */
async function hostileInput({ call, expectStatus }, family) {
  const { parent, password, student, studentBody } = family;
  expectStatus(await call('POST', '/api/login', { body: { email: { $gt: '' }, password: 'x' }, note: 'hostile' }), 400);
  expectStatus(
    await call('POST', '/api/students', { cookie: parent, body: { ...studentBody, dateOfBirth: 20090402 } }),
    400,
  );
  expectStatus(
    await call('POST', '/api/login', {
      raw: 'email=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      note: 'hostile',
    }),
    415,
  );
  expectStatus(
    await call('POST', '/api/register', {
      body: { email: `${'a'.repeat(300_000)}@example.com`, password },
      note: 'hostile',
    }),
    413,
  );
  expectStatus(await call('GET', `/api/driving-sessions/${student.id}?fromDate=yesterday`, { cookie: parent }), 400);
  expectStatus(await call('GET', `/api/students/${encodeURIComponent('{"$ne":1}')}`, { cookie: parent }), 400, 404);
  expectStatus(
    await call('POST', `/api/students/${student.id}/create-login`, {
      cookie: parent,
      body: { studentUsername: ['a'], studentPassword: 'student-pass-1' },
    }),
    400,
  );
}

/** A second guardian: invited, joining through the emailed link, refused the card, then removed. */
async function guardians({ call, expectStatus, cookieOf }, family, { inboxUrl }) {
  const { parent, student } = family;
  expectStatus(await call('GET', '/api/family', { cookie: parent }), 200);
  expectStatus(await call('GET', '/api/family', { note: 'no cookie' }), 401);
  const email = `${unique('guardian')}@example.com`;
  const password = 'guardian-long-pass-1';
  expectStatus(await call('POST', '/api/register', { body: { email, password } }), 201);
  const second = cookieOf(
    expectStatus(await call('POST', '/api/login', { body: { email, password } }), 200),
    'll_parent',
  );
  expectStatus(await call('POST', '/api/family/invitations', { cookie: parent, body: { email } }), 202);
  expectStatus(
    await call('POST', '/api/family/invitations', { cookie: parent, body: { email: 'nope' }, note: 'bad email' }),
    400,
  );
  expectStatus(
    await call('POST', '/api/family/invitations/open', { body: { token: 'A'.repeat(32) }, note: 'dead link' }),
    404,
  );
  expectStatus(
    await call('POST', '/api/family/join', { cookie: second, body: { token: 'A'.repeat(32) }, note: 'dead link' }),
    404,
  );
  if (!inboxUrl) return;
  let token;
  for (let attempt = 0; attempt < 80 && !token; attempt++) {
    const all = await (await fetch(`${inboxUrl}/api/email`)).json();
    const mail = all.find((m) => m.to.some((t) => t.address === email) && /\/join#/.test(m.text ?? ''));
    token = mail && /\/join#([A-Za-z0-9_-]{32})/.exec(mail.text)[1];
    if (!token) await sleep(250);
  }
  if (!token) throw new Error(`no invitation reached ${email}`);
  expectStatus(await call('POST', '/api/family/invitations/open', { body: { token } }), 200);
  const joined = expectStatus(await call('POST', '/api/family/join', { cookie: second, body: { token } }), 200);
  const guardian = cookieOf(joined, 'll_parent');
  expectStatus(
    await call('POST', '/api/billing/card', { cookie: guardian, body: { studentId: student.id }, note: 'not owner' }),
    403,
  );
  const listed = expectStatus(await call('GET', '/api/family', { cookie: guardian }), 200);
  const me = listed.body.guardians.find((g) => g.you);
  expectStatus(
    await call('DELETE', `/api/family/guardians/${listed.body.guardians.find((g) => !g.you).id}`, {
      cookie: guardian,
      note: 'not owner',
    }),
    403,
  );
  expectStatus(await call('DELETE', `/api/family/guardians/${me.id}`, { cookie: parent }), 204);
  expectStatus(await call('POST', '/api/family/leave', { cookie: parent, note: 'last guardian' }), 409);
}

/** The account's end: export, password reset, signing out, closing. */
async function accountEnd({ call, expectStatus, cookieOf }, family, { inboxUrl }) {
  let { password } = family;
  const { email, parent, studentCookie, student, other } = family;
  expectStatus(await call('GET', '/api/user/export', { cookie: parent }), 200);
  expectStatus(await call('GET', '/api/user/export?format=csv', { cookie: parent }), 200);
  expectStatus(await call('POST', '/api/password-reset', { body: { email } }), 202);
  if (inboxUrl) {
    let token;
    for (let attempt = 0; attempt < 80 && !token; attempt++) {
      const all = await (await fetch(`${inboxUrl}/api/email`)).json();
      const mail = all.find((m) => m.to.some((t) => t.address === email) && /token=/.test(m.text ?? m.html ?? ''));
      token = mail && decodeURIComponent(/token=([^\s"&<]+)/.exec(mail.text ?? mail.html)[1]);
      if (!token) await sleep(250);
    }
    if (!token) throw new Error(`no reset link reached ${email}`);
    password = 'a-third-long-pass-3';
    expectStatus(await call('POST', '/api/password-reset/confirm', { body: { token, password } }), 200);
  }
  expectStatus(await call('POST', '/api/password-reset/confirm', { body: { token: 'not-a-token', password } }), 400);
  expectStatus(await call('POST', '/api/student-logout', { cookie: studentCookie }), 200);
  // A new password signs the family out everywhere: sign in again.
  const again = expectStatus(await call('POST', '/api/login', { body: { email, password } }), 200);
  const fresh = cookieOf(again, 'll_parent');
  expectStatus(await call('POST', '/api/cancel-subscription', { cookie: fresh, body: { studentId: student.id } }), 200);
  expectStatus(
    await call('POST', '/api/cancel-subscription', {
      cookie: fresh,
      body: { studentId: other.id },
      note: 'no subscription',
    }),
    404,
    409,
  );
  expectStatus(await call('DELETE', `/api/students/${student.id}/delete-login`, { cookie: fresh }), 200);
  expectStatus(await call('DELETE', `/api/students/${other.id}`, { cookie: fresh }), 204);
  expectStatus(await call('POST', '/api/logout', { cookie: parent }), 200);
  expectStatus(
    await call('DELETE', '/api/user', { cookie: fresh, body: { password: 'not-the-password-1' }, note: 'wrong' }),
    403,
  );
  expectStatus(await call('DELETE', '/api/user', { cookie: fresh, body: { password } }), 204);
  Object.assign(family, { password });
}

/** Limits: an account's sign-in lockout. */
async function limits({ call, expectStatus }) {
  const locked = `${unique('locked')}@example.com`;
  expectStatus(await call('POST', '/api/register', { body: { email: locked, password: 'a-long-pass-phrase-1' } }), 201);
  let limited;
  for (let attempt = 0; attempt < 30; attempt++) {
    limited = await call('POST', '/api/login', { body: { email: locked, password: 'wrong-pass-phrase-9' } });
    if (limited.status !== 401) break;
  }
  expectStatus(limited, 429);
  // Reset links to one address, and the versions from one caller, are limited too.
  for (let attempt = 0; attempt < 10; attempt++) {
    limited = await call('POST', '/api/password-reset', { body: { email: locked } });
    if (limited.status !== 202) break;
  }
  expectStatus(limited, 429);
  // 60 a minute from one address: a minute that ends midway gives a fresh allowance, which runs out in turn.
  for (let attempt = 0; attempt < 200; attempt++) {
    limited = await call('GET', '/api/versions');
    if (limited.status !== 200) break;
  }
  expectStatus(limited, 429);
}

/** In order: each part may use what an earlier one made (the family, its student, their sessions). */
const PARTS = [
  ['the gateway', gatewayRoutes],
  ['a parent account', parentAccount],
  ['students', students],
  ['billing', billing],
  ['student logins', studentLogins],
  ['driving sessions', drivingSessions],
  ['corrections', corrections],
  ['a supervisor signing on their own phone', remoteSignOff],
  ['verification', verification],
  ['settings and supervisors', settingsAndSupervisors],
  ['another family', anotherFamily],
  ['hostile input', hostileInput],
  ['guardians', guardians],
  ['export, reset, signing out, closing', accountEnd],
  ['limits', limits],
];

/**
 * Drives the traffic at `base` (the proxy). `origin` is the app's own origin, sent on writes as a browser does;
 * `inboxUrl` is the local mail inbox the reset link is read from. Returns every call made.
 */
export async function driveTraffic({ base, upstream, origin, inboxUrl, log = () => {} }) {
  const c = client(base, origin);
  const simulator = client(upstream, origin);
  const family = {};
  for (const [title, part] of PARTS) {
    log(title);
    await part(c, family, { inboxUrl, simulator });
  }
  return c.calls;
}
