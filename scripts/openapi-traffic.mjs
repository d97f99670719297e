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
const GUESSED_TOKEN = 'A'.repeat(32);

/**
 * A client of `base` (the proxy) that keeps every call with its answer. `origin` is the app's own origin, sent on
 * writes as a browser does. A request is named as `'POST /api/login'`.
 */
function client(base, origin) {
  const calls = [];

  /**
   * One request, as a client sends it. A service that is briefly unavailable or slow (503, 504: a loaded machine) is
   * asked again after a moment, as the front ends do; every answer, those included, is kept and judged.
   */
  async function call(request, { body, raw, cookie, headers = {}, note = '', crossOrigin } = {}) {
    const [method, path] = request.split(' ');
    const sent = { ...headers };
    if (cookie) sent.cookie = cookie;
    if (method !== 'GET') sent.origin = crossOrigin ? 'https://elsewhere.example' : origin;
    if (raw === undefined && body !== undefined) sent['content-type'] ??= 'application/json';
    const payload = raw ?? (body === undefined ? undefined : JSON.stringify(body));
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${base}${path}`, { method, headers: sent, body: payload, redirect: 'manual' });
      // Every answer is read whole; a JSON one is kept (undefined if it does not parse).
      const json = (res.headers.get('content-type') ?? '').includes('json');
      const parsed = json ? await res.json().catch(() => undefined) : undefined;
      if (!json) await res.arrayBuffer();
      const record = { method, path, status: res.status, headers: res.headers, body: parsed, note };
      calls.push(record);
      if (![503, 504].includes(record.status) || attempt === 4) return record;
      await sleep(1000 * attempt);
    }
  }
  /** Throws unless the answer's status is `status` (or one of several); answers the record. */
  const expectStatus = (res, status) => {
    const statuses = [status].flat();
    if (!statuses.includes(res.status)) {
      throw new Error(
        `${res.method} ${res.path} answered ${res.status}, not ${statuses.join(' or ')}: ${JSON.stringify(res.body)}`,
      );
    }
    return res;
  };
  /** One request that must be answered with `status` (or one of several): its record. */
  const expect = async (status, request, options) => expectStatus(await call(request, options), status);
  const cookieOf = (res, name) => {
    const found = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
    if (!found) throw new Error(`${res.method} ${res.path} set no ${name} cookie (answered ${res.status})`);
    return found.split(';')[0];
  };
  /** A parent's sign-in: their cookie. */
  const signIn = async (email, password) =>
    cookieOf(await expect(200, 'POST /api/login', { body: { email, password } }), 'll_parent');
  /** Asks again while the answer is `passing`, at most `attempts` times: by then the limit must have answered 429. */
  const untilLimited = async (request, options, passing, attempts) => {
    let limited;
    for (let attempt = 0; attempt < attempts; attempt++) {
      limited = await call(request, options);
      if (limited.status !== passing) break;
    }
    expectStatus(limited, 429);
  };
  return { calls, call, expect, expectStatus, cookieOf, signIn, untilLimited };
}

/**
 * The token in the newest email to `to` in the local inbox that `pattern` (its group 1 the token) finds, once `count`
 * such emails reached it.
 */
async function emailedToken(inboxUrl, to, pattern, count = 1) {
  for (let attempt = 0; attempt < 80; attempt++) {
    const all = await (await fetch(`${inboxUrl}/api/email`)).json();
    const mails = all.filter((m) => m.to.some((t) => t.address === to) && pattern.test(m.text ?? m.html ?? ''));
    if (mails.length >= count) return decodeURIComponent(pattern.exec(mails.at(-1).text ?? mails.at(-1).html)[1]);
    await sleep(250);
  }
  throw new Error(`no email matching ${pattern} reached ${to}`);
}

/** The gateway's own routes. */
async function gatewayRoutes({ expect }) {
  await expect(200, 'GET /api/health');
  await expect(200, 'GET /api/versions');
  await expect(200, 'GET /api/openapi.json');
  await expect(200, 'GET /api/docs');
  await expect(200, 'GET /api/docs/redoc.standalone.js');
  await expect(200, 'GET /api/state-rules');
  await expect(200, 'GET /api/state-rules?on=2020-11-30');
  await expect(400, 'GET /api/state-rules?on=2026-02-30');
}

/** A parent: registering, signing in, the account. */
async function parentAccount({ expect, signIn }, family) {
  const email = `${unique('parent')}@example.com`;
  const password = 'a-long-pass-phrase-1';
  const newPassword = 'another-long-pass-2';
  await expect(201, 'POST /api/register', { body: { email, password, state: 'SA' } });
  await expect(400, 'POST /api/register', { body: { email: 'not-an-email', password } });
  await expect(403, 'POST /api/register', { body: { email, password }, crossOrigin: true, note: 'cross-origin' });
  const parent = await signIn(email, password);
  await expect(200, 'GET /api/user', { cookie: parent });
  await expect(401, 'GET /api/user', { note: 'no cookie' });
  const wrong = { currentPassword: 'not-the-password-1', newPassword };
  await expect(403, 'PUT /api/user/password', { cookie: parent, body: wrong });
  await expect(200, 'PUT /api/user/password', { cookie: parent, body: { currentPassword: password, newPassword } });
  Object.assign(family, { email, password: newPassword, parent });
}

/** Students and their logins. */
async function students({ expect }, family) {
  const { parent } = family;
  const studentBody = { firstName: 'Sam', lastName: 'Driver', dateOfBirth: '2009-04-02', licenseNumber: 'L123' };
  const add = async (body, status = 201) => (await expect(status, 'POST /api/students', { cookie: parent, body })).body;
  const student = await add(studentBody);
  const other = await add({ ...studentBody, firstName: 'Alex' });
  await add({ firstName: '' }, 400);
  const theStudent = `/api/students/${student.id}`;
  await expect(200, 'GET /api/students', { cookie: parent });
  await expect(200, `GET ${theStudent}`, { cookie: parent });
  await expect(404, 'GET /api/students/999999999', { cookie: parent, note: 'not the caller’s' });
  await expect(200, `PUT ${theStudent}`, { cookie: parent, body: { ...studentBody, lastName: 'Driven' } });
  await expect(200, `GET ${theStudent}/opening-balance`, { cookie: parent });
  await expect(200, `PUT ${theStudent}/opening-balance`, {
    cookie: parent,
    body: { dayHours: 3.5, nightHours: 1, note: 'From the paper log book' },
  });
  Object.assign(family, { studentBody, student, other });
}

/**
 * Billing, through the simulated provider. What a card holder does at the provider (confirming, a renewal failing)
 * goes to the simulator's own routes straight, not through the proxy: production does not mount them, so the
 * published description leaves them out.
 */
async function billing({ expect }, family, { simulator }) {
  const { parent, student } = family;
  /** The parent's POST with a body, checked for its status; answers what it answered. */
  const post = async (path, body, status, note) =>
    (await expect(status, `POST ${path}`, { cookie: parent, body, note })).body;
  const simulate = async (path, body) => (await simulator.expect(200, `POST ${path}`, { cookie: parent, body })).body;
  const ofStudent = { studentId: student.id };
  const confirm = (started) => simulate('/api/billing/simulate/confirm', { clientSecret: started.clientSecret });

  await expect(200, 'GET /api/billing/config');
  await expect(200, `GET /api/subscription/${student.id}`, { cookie: parent });
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
  await expect(200, `GET /api/subscription/${student.id}`, { cookie: parent });
  await expect(400, 'POST /api/stripe/webhook', {
    body: { id: 'evt_1', type: 'invoice.paid' },
    headers: { 'stripe-signature': 't=1,v1=00' },
    note: 'not signed by Stripe',
  });
}

/** A student's login (a subscribed student's). */
async function studentLogins({ expect, cookieOf }, family) {
  const { parent, student, other } = family;
  const username = unique('sam').replace(/-/g, '').slice(0, 24);
  const studentPassword = 'student-pass-1';
  const login = { studentUsername: username, studentPassword };
  const changed = { studentUsername: username, studentPassword: 'student-pass-2' };
  const createLogin = `POST /api/students/${student.id}/create-login`;
  await expect(201, createLogin, { cookie: parent, body: login });
  await expect(409, createLogin, { cookie: parent, body: login, note: 'a login already' });
  await expect(200, `PUT /api/students/${student.id}/update-login`, { cookie: parent, body: changed });
  await expect(403, `POST /api/students/${other.id}/create-login`, {
    cookie: parent,
    body: { studentUsername: `${username}x`, studentPassword },
    note: 'no subscription',
  });
  const studentCookie = cookieOf(await expect(200, 'POST /api/student-login', { body: changed }), 'll_student');
  await expect(401, 'POST /api/student-login', { body: { ...changed, studentPassword: 'wrong-pass-9' } });
  await expect(200, 'GET /api/student-auth', { cookie: studentCookie });
  Object.assign(family, { username, studentPassword, studentCookie });
}

/** Sessions, once the subscription has reached the log book. */
async function drivingSessions({ calls, call, expect, expectStatus }, family) {
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
    logged = await call('POST /api/driving-sessions', { cookie: parent, body: first });
    if (logged.status !== 403) break;
    calls.pop(); // the subscription's event is still on its way to the log book
    await sleep(250);
  }
  expectStatus(logged, 201);
  const logDrive = (status, cookie, body, note) => expect(status, 'POST /api/driving-sessions', { cookie, body, note });
  await logDrive(200, parent, first, 'a repeat');
  const overlapping = session({ startTime: '10:00', endTime: '11:00', duration: '1.0 hours' });
  await logDrive(409, parent, overlapping, 'overlaps a drive already logged');
  const atNight = session({
    startTime: '18:00',
    endTime: '19:00',
    duration: '1.0 hours',
    timeOfDay: 'night',
    vehicleRegistration: 'S123ABC',
    odometerStart: 41250,
    odometerEnd: 41273,
  });
  const bySt = (await logDrive(201, studentCookie, atNight)).body;
  await logDrive(400, parent, session({ startSuburb: '' }));
  await logDrive(403, parent, session({ studentId: other.id }), 'no subscription');
  const book = `/api/driving-sessions/${student.id}`;
  await expect(200, `GET ${book}`, { cookie: parent });
  await expect(200, `GET ${book}?history=true&timeOfDay=day`, { cookie: studentCookie });
  await expect(200, `GET ${book}/summary`, { cookie: parent });
  await expect(200, `GET ${book}/insights`, { cookie: parent });
  await expect(200, `GET ${book}/insights?today=${today}`, { cookie: studentCookie });
  await expect(200, `GET ${book}/pdf`, { cookie: parent });
  await expect(200, `GET ${book}/readiness`, { cookie: parent });
  await expect(200, `GET ${book}/readiness`, { cookie: studentCookie });
  Object.assign(family, { session, logged, bySt });
}

/** Corrections and removals. */
async function corrections({ expect }, family) {
  const { parent, studentCookie, session, logged, bySt } = family;
  const correct = (status, id, cookie, body, note) =>
    expect(status, `POST /api/driving-sessions/${id}/correction`, { cookie, body, note });
  const later = session({ endTime: '10:45', duration: '1.8 hours', reason: 'The drive ended later' });
  const corrected = (await correct(201, logged.body.id, parent, later)).body;
  await correct(409, logged.body.id, parent, session({ reason: 'Again' }), 'already corrected');
  await correct(403, corrected.id, studentCookie, session({ reason: 'A student may not' }), 'a student');
  await expect(200, `POST /api/driving-sessions/${bySt.id}/removal`, {
    cookie: parent,
    body: { reason: 'Logged twice' },
  });
  await expect(404, 'POST /api/driving-sessions/999999999/removal', {
    cookie: parent,
    body: { reason: 'Not ours' },
    note: 'not the caller’s',
  });
  Object.assign(family, { corrected });
}

/** The newest link to sign an entry that reached `to` in the local inbox, once `count` emails reached it. */
const signingLink = (inboxUrl, to, count) => emailedToken(inboxUrl, to, /\/sign#([A-Za-z0-9_-]+)/, count);

/** A supervisor asked to sign on their own phone: the request, the page, signing, declining, resending, cancelling. */
async function remoteSignOff({ expect }, family, { inboxUrl }) {
  const { parent, studentCookie, session } = family;
  /** A student's drive, to be signed by `supervisorEmail` on their own phone. */
  const ask = (status, supervisorEmail, extra = {}) => {
    const { supervisorSignature: _signedHere, ...body } = session(extra);
    const remote = { ...body, remoteSignOff: { supervisorEmail } };
    return expect(status, 'POST /api/driving-sessions', { cookie: studentCookie, body: remote });
  };
  const pat = `${unique('pat')}@example.org`;
  const awaiting = (await ask(201, pat, { date: '2026-03-02' })).body;
  const guessed = `/api/sign-off/${GUESSED_TOKEN}`;
  await expect(404, `GET ${guessed}`, { note: 'a guessed token' });
  await expect(400, `POST ${guessed}`, { body: { supervisorName: 'Pat' }, note: 'incomplete' });
  const signing = {
    supervisorName: 'Pat Supervisor',
    supervisorLicenseNumber: 'SA123456',
    licenceState: 'SA',
    fullLicenceYear: 1998,
    supervisorSignature: session().supervisorSignature,
  };
  await expect(404, `POST ${guessed}`, { body: signing, note: 'a guessed token' });
  await expect(404, `POST ${guessed}/decline`, { body: { reason: 'Not me' }, note: 'a guessed token' });
  const resend = `POST /api/driving-sessions/${awaiting.id}/sign-off/resend`;
  await expect(200, resend, { cookie: parent, body: {} });
  await expect(403, resend, { cookie: studentCookie, body: {}, note: 'a student' });
  if (inboxUrl) {
    // The link sent again is the one that works.
    const token = await signingLink(inboxUrl, pat, 2);
    await expect(200, `GET /api/sign-off/${token}`);
    await expect(200, `POST /api/sign-off/${token}`, { body: signing });
    await expect(404, `POST /api/sign-off/${token}`, { body: signing, note: 'used already' });
    /** A drive on `date` that a new supervisor is asked to sign: the token of the link emailed to them. */
    const newSupervisorsLink = async (name, date) => {
      const supervisor = `${unique(name)}@example.org`;
      await ask(201, supervisor, { date });
      return signingLink(inboxUrl, supervisor);
    };
    const declining = await newSupervisorsLink('sam', '2026-03-03');
    await expect(200, `POST /api/sign-off/${declining}/decline`, { body: { reason: 'I was not there' } });
    // The signing page of this release sends the token in the body.
    const kimToken = await newSupervisorsLink('kim', '2026-03-06');
    await expect(200, 'POST /api/signing/entry', { body: { token: kimToken } });
    await expect(200, 'POST /api/signing/sign', { body: { ...signing, token: kimToken } });
    const louToken = await newSupervisorsLink('lou', '2026-03-07');
    await expect(200, 'POST /api/signing/decline', { body: { token: louToken, reason: 'Not me' } });
  }
  for (const [path, body] of [
    ['/api/signing/entry', {}],
    ['/api/signing/sign', signing],
    ['/api/signing/decline', { reason: 'Not me' }],
  ]) {
    await expect(404, `POST ${path}`, { body: { ...body, token: GUESSED_TOKEN }, note: 'a guessed token' });
  }
  const withdrawn = (await ask(201, `${unique('lee')}@example.org`, { date: '2026-03-04' })).body;
  await expect(200, `POST /api/driving-sessions/${withdrawn.id}/sign-off/cancel`, { cookie: parent });
  await expect(409, `POST /api/driving-sessions/${withdrawn.id}/sign-off/cancel`, { cookie: parent, note: 'again' });
  // Past the limit per supervisor address: six drives of one day, each at its own times (no two may overlap).
  const busy = `${unique('busy')}@example.org`;
  const at = (hour, minutes) => `${String(hour).padStart(2, '0')}:${minutes}`;
  const drive = (i) => ({ date: '2026-03-05', startTime: at(8 + 2 * i, '00'), endTime: at(9 + 2 * i, '30') });
  for (let i = 0; i < 5; i++) await ask(201, busy, drive(i));
  await ask(429, busy, drive(5));
  // The family's cars (the session form offers them).
  await expect(200, 'GET /api/vehicles', { cookie: parent });
}

/** Verification of a printed log book. */
async function verification({ expect }, family) {
  const { parent, student } = family;
  const { body } = await expect(200, `GET /api/driving-sessions/${student.id}/verification`, { cookie: parent });
  const code = body.code ?? body.verificationCode;
  if (typeof code !== 'string') throw new Error(`no verification code in ${JSON.stringify(body)}`);
  await expect(200, `GET /api/verify/${encodeURIComponent(code)}`);
  await expect(404, 'GET /api/verify/NOT-A-CODE', { note: 'unknown code' });
}

/** Settings and supervisors. */
async function settingsAndSupervisors({ expect }, family) {
  const { parent, studentCookie } = family;
  const studentsMayNot = { cookie: studentCookie, note: 'a student: parents only' };
  await expect(200, 'GET /api/settings', { cookie: studentCookie });
  await expect(200, 'PUT /api/settings/dayTimeTargetHours', { cookie: parent, body: { value: 60 } });
  await expect(200, 'POST /api/settings', { cookie: parent, body: { key: 'nightTimeTargetHours', value: '15' } });
  await expect(400, 'PUT /api/settings/nope', { cookie: parent, body: { value: 5 } });
  await expect(200, 'DELETE /api/settings/targets', { cookie: parent });
  await expect(401, 'DELETE /api/settings/targets', studentsMayNot);
  await expect(401, 'PUT /api/settings/dayTimeTargetHours', { ...studentsMayNot, body: { value: 61 } });
  const coach = { name: 'Chris Coach', licenseNumber: 'SA765432' };
  const supervisor = (await expect(201, 'POST /api/supervisors', { cookie: studentCookie, body: coach })).body;
  await expect(200, 'GET /api/supervisors', { cookie: parent });
  await expect(200, 'GET /api/vehicles', { cookie: parent });
  await expect(200, 'GET /api/vehicles', { cookie: studentCookie });
  await expect(200, 'GET /api/vehicles?on=2024-02-29', { cookie: parent });
  await expect(400, 'GET /api/vehicles?on=2026-02-30', { cookie: parent });
  const theSupervisor = `/api/supervisors/${supervisor.id}`;
  await expect(200, `PUT ${theSupervisor}`, { cookie: parent, body: { ...coach, isInstructor: true } });
  await expect(403, `PUT ${theSupervisor}`, {
    cookie: studentCookie,
    body: { ...coach, name: 'Chris' },
    note: 'a student',
  });
  await expect(204, `DELETE ${theSupervisor}`, { cookie: parent });
  await expect(404, `DELETE ${theSupervisor}`, { cookie: parent, note: 'gone' });
}

/** Another family: every route that names something of the first family's. */
async function anotherFamily({ expect, signIn }, family) {
  const { parent, password, student, studentBody, username, studentPassword, session, corrected } = family;
  const strangerEmail = `${unique('stranger')}@example.com`;
  await expect(201, 'POST /api/register', { body: { email: strangerEmail, password } });
  const theirs = { cookie: await signIn(strangerEmail, password), note: 'another family' };
  const ids = { studentId: student.id };
  for (const [request, body] of [
    [`GET /api/students/${student.id}`],
    [`GET /api/students/${student.id}/opening-balance`],
    [`GET /api/subscription/${student.id}`],
    [`GET /api/driving-sessions/${student.id}`],
    [`GET /api/driving-sessions/${student.id}/summary`],
    [`GET /api/driving-sessions/${student.id}/insights`],
    [`GET /api/driving-sessions/${student.id}/pdf`],
    [`GET /api/driving-sessions/${student.id}/verification`],
    [`GET /api/driving-sessions/${student.id}/readiness`],
    [`PUT /api/students/${student.id}`, studentBody],
    [`DELETE /api/students/${student.id}`],
    [`PUT /api/students/${student.id}/opening-balance`, { dayHours: 1, nightHours: 1 }],
    [`PUT /api/students/${student.id}/update-login`, { studentUsername: username, studentPassword }],
    [`DELETE /api/students/${student.id}/delete-login`],
    ['POST /api/create-subscription', ids],
    ['POST /api/cancel-subscription', ids],
    ['POST /api/billing/payment', ids],
    ['POST /api/billing/resume', ids],
    ['POST /api/billing/card', ids],
    ['POST /api/driving-sessions', session()],
    [`POST /api/driving-sessions/${corrected.id}/correction`, session({ reason: 'Not theirs' })],
    [`POST /api/driving-sessions/${corrected.id}/removal`, { reason: 'Not theirs' }],
  ]) {
    await expect([403, 404], request, { ...theirs, body });
  }
  const lee = { name: 'Lee Learner', licenseNumber: 'SA111' };
  const { id } = (await expect(201, 'POST /api/supervisors', { cookie: parent, body: lee })).body;
  await expect([403, 404], `PUT /api/supervisors/${id}`, { ...theirs, body: { name: 'Lee', licenseNumber: 'SA111' } });
  await expect([403, 404], `DELETE /api/supervisors/${id}`, theirs);
}

/** Hostile input: operators for strings, wrong types, bodies that are not JSON or too large. */
async function hostileInput({ expect }, family) {
  const { parent, password, student, studentBody } = family;
  await expect(400, 'POST /api/login', { body: { email: { $gt: '' }, password: 'x' }, note: 'hostile' });
  await expect(400, 'POST /api/students', { cookie: parent, body: { ...studentBody, dateOfBirth: 20090402 } });
  await expect(415, 'POST /api/login', {
    raw: 'email=a&password=b',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    note: 'hostile',
  });
  const huge = { email: `${'a'.repeat(300_000)}@example.com`, password };
  await expect(413, 'POST /api/register', { body: huge, note: 'hostile' });
  await expect(400, `GET /api/driving-sessions/${student.id}?fromDate=yesterday`, { cookie: parent });
  await expect([400, 404], `GET /api/students/${encodeURIComponent('{"$ne":1}')}`, { cookie: parent });
  await expect(400, `POST /api/students/${student.id}/create-login`, {
    cookie: parent,
    body: { studentUsername: ['a'], studentPassword: 'student-pass-1' },
  });
}

/** A second guardian: invited, joining through the emailed link, refused the card, then removed. */
async function guardians({ expect, cookieOf, signIn }, family, { inboxUrl }) {
  const { parent, student } = family;
  await expect(200, 'GET /api/family', { cookie: parent });
  await expect(401, 'GET /api/family', { note: 'no cookie' });
  const email = `${unique('guardian')}@example.com`;
  const password = 'guardian-long-pass-1';
  await expect(201, 'POST /api/register', { body: { email, password } });
  const second = await signIn(email, password);
  await expect(202, 'POST /api/family/invitations', { cookie: parent, body: { email } });
  await expect(400, 'POST /api/family/invitations', { cookie: parent, body: { email: 'nope' }, note: 'bad email' });
  const deadLink = { body: { token: GUESSED_TOKEN }, note: 'dead link' };
  await expect(404, 'POST /api/family/invitations/open', deadLink);
  await expect(404, 'POST /api/family/join', { ...deadLink, cookie: second });
  if (!inboxUrl) return;
  const token = await emailedToken(inboxUrl, email, /\/join#([A-Za-z0-9_-]{32})/);
  await expect(200, 'POST /api/family/invitations/open', { body: { token } });
  const guardian = cookieOf(
    await expect(200, 'POST /api/family/join', { cookie: second, body: { token } }),
    'll_parent',
  );
  const notOwner = { cookie: guardian, note: 'not owner' };
  await expect(403, 'POST /api/billing/card', { ...notOwner, body: { studentId: student.id } });
  const listed = (await expect(200, 'GET /api/family', { cookie: guardian })).body.guardians;
  await expect(403, `DELETE /api/family/guardians/${listed.find((g) => !g.you).id}`, notOwner);
  await expect(204, `DELETE /api/family/guardians/${listed.find((g) => g.you).id}`, { cookie: parent });
  await expect(409, 'POST /api/family/leave', { cookie: parent, note: 'last guardian' });
}

/** The account's end: export, password reset, signing out, closing. */
async function accountEnd({ expect, signIn }, family, { inboxUrl }) {
  let { password } = family;
  const { email, parent, studentCookie, student, other } = family;
  await expect(200, 'GET /api/user/export', { cookie: parent });
  await expect(200, 'GET /api/user/export?format=csv', { cookie: parent });
  await expect(202, 'POST /api/password-reset', { body: { email } });
  if (inboxUrl) {
    const token = await emailedToken(inboxUrl, email, /token=([^\s"&<]+)/);
    password = 'a-third-long-pass-3';
    await expect(200, 'POST /api/password-reset/confirm', { body: { token, password } });
  }
  await expect(400, 'POST /api/password-reset/confirm', { body: { token: 'not-a-token', password } });
  await expect(200, 'POST /api/student-logout', { cookie: studentCookie });
  // A new password signs the family out everywhere: sign in again.
  const fresh = await signIn(email, password);
  await expect(200, 'POST /api/cancel-subscription', { cookie: fresh, body: { studentId: student.id } });
  await expect([404, 409], 'POST /api/cancel-subscription', {
    cookie: fresh,
    body: { studentId: other.id },
    note: 'no subscription',
  });
  await expect(200, `DELETE /api/students/${student.id}/delete-login`, { cookie: fresh });
  await expect(204, `DELETE /api/students/${other.id}`, { cookie: fresh });
  await expect(200, 'POST /api/logout', { cookie: parent });
  await expect(403, 'DELETE /api/user', { cookie: fresh, body: { password: 'not-the-password-1' }, note: 'wrong' });
  await expect(204, 'DELETE /api/user', { cookie: fresh, body: { password } });
  Object.assign(family, { password });
}

/** Limits: an account's sign-in lockout. */
async function limits({ expect, untilLimited }) {
  const locked = `${unique('locked')}@example.com`;
  await expect(201, 'POST /api/register', { body: { email: locked, password: 'a-long-pass-phrase-1' } });
  await untilLimited('POST /api/login', { body: { email: locked, password: 'wrong-pass-phrase-9' } }, 401, 30);
  // Reset links to one address, and the versions from one caller, are limited too.
  await untilLimited('POST /api/password-reset', { body: { email: locked } }, 202, 10);
  // 60 a minute from one address: a minute that ends midway gives a fresh allowance, which runs out in turn.
  await untilLimited('GET /api/versions', {}, 200, 200);
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
