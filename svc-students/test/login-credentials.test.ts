import request from 'supertest';
import { VALIDATION } from '@logbook/contracts/messages';
import { setupTestDatabase, teardownTestDatabase } from '@logbook/service-kit/testing';
import { models } from '../src/app';
import { addStudent, makeTestApp, newParent, setSubscription, storedStudent } from './support';

const { app } = makeTestApp();

beforeAll(async () => {
  await setupTestDatabase(models);
});
afterAll(teardownTestDatabase);

let seq = 0;
const uniqueName = (base = 'learner') => `${base}-creds-${++seq}`;

async function activeStudent() {
  const parent = await newParent();
  const student = await addStudent(app, parent.cookie);
  await setSubscription(student.id, 'active');
  return { parent, student };
}

const send = (verb: 'create' | 'update', id: number, cookie: string, body: object) =>
  verb === 'create'
    ? request(app).post(`/api/students/${id}/create-login`).set('cookie', cookie).send(body)
    : request(app).put(`/api/students/${id}/update-login`).set('cookie', cookie).send(body);

/** A student in the state each verb needs: no login yet to create one, a login to change. */
async function studentFor(verb: 'create' | 'update') {
  const { parent, student } = await activeStudent();
  const username = uniqueName();
  if (verb === 'update') {
    const made = await send('create', student.id, parent.cookie, {
      studentUsername: username,
      studentPassword: 'learner-pass',
    });
    expect(made.status).toBe(201);
  }
  return { parent, student, before: await storedStudent(student.id) };
}

const cases: Array<[string, (name: string) => object, string]> = [
  ['a one-character password', (n) => ({ studentUsername: n, studentPassword: 'x' }), VALIDATION.studentPasswordMin],
  [
    'a 7-character password',
    (n) => ({ studentUsername: n, studentPassword: 'abcdefg' }),
    VALIDATION.studentPasswordMin,
  ],
  ['a common password', (n) => ({ studentUsername: n, studentPassword: 'password1' }), VALIDATION.passwordTooCommon],
  [
    'a common password in capitals',
    (n) => ({ studentUsername: n, studentPassword: 'QWERTY123' }),
    VALIDATION.passwordTooCommon,
  ],
  [
    'a NUL in the username',
    (n) => ({ studentUsername: `${n}\u0000x`, studentPassword: 'learner-pass' }),
    VALIDATION.hiddenCharacters,
  ],
  [
    'a control character in the username',
    (n) => ({ studentUsername: `${n}\u0007`, studentPassword: 'learner-pass' }),
    VALIDATION.hiddenCharacters,
  ],
  [
    'a right-to-left override in the username',
    (n) => ({ studentUsername: `\u202E${n}`, studentPassword: 'learner-pass' }),
    VALIDATION.hiddenCharacters,
  ],
  [
    'a bidi isolate in the username',
    (n) => ({ studentUsername: `${n}\u2067x\u2069`, studentPassword: 'learner-pass' }),
    VALIDATION.hiddenCharacters,
  ],
  [
    'a zero-width space in the username',
    (n) => ({ studentUsername: `${n}\u200Bx`, studentPassword: 'learner-pass' }),
    VALIDATION.hiddenCharacters,
  ],
];

describe.each(['create', 'update'] as const)('%s-login refuses weak or hidden credentials', (verb) => {
  it.each(cases)('%s → 400 with its message, the student unchanged', async (_label, body, message) => {
    const { parent, student, before } = await studentFor(verb);
    const res = await send(verb, student.id, parent.cookie, body(uniqueName()));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect(await storedStudent(student.id)).toEqual(before);
  });

  it('accepts an 8-character password that is not a common one, and a name with accents and spaces', async () => {
    const { parent, student } = await studentFor(verb);
    const res = await send(verb, student.id, parent.cookie, {
      studentUsername: `José Ávila ${++seq}`,
      studentPassword: 'kq7-tram',
    });
    expect(res.status).toBe(verb === 'create' ? 201 : 200);
    expect(res.body).toMatchObject({ hasStudentLogin: true, studentUsername: `josé ávila ${seq}` });
  });
});
