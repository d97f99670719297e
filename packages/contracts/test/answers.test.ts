import type { z } from 'zod';
import { readShape, type Answer } from '../src/answer-shape';
import * as answers from '../src/answers';
import { insightsViewSchema, sessionListSchema, subscriptionViewSchema } from '../src/responses';
import { progressSummarySchema } from '../src/progress-summary';
import { studentAuthSchema, studentSchema } from '../src/schemas';
import { ANSWERS, answersSource, shapeOf } from './answerSources';

test.each(ANSWERS.map((a) => [a.name, a] as const))(
  '%s has the shape its zod schema gives (npm run answers writes it again)',
  (name, { schema }) => {
    expect((answers as Record<string, Answer<unknown>>)[name].shape).toEqual(shapeOf(schema));
  },
);

test('answers.ts holds every answer listed and nothing else', () => {
  expect(Object.keys(answers).sort()).toEqual(ANSWERS.map((a) => a.name).sort());
  expect(answersSource(ANSWERS)).toContain('do not edit by hand');
});

test('a schema with a check a shape cannot say has no shape', () => {
  expect(() => shapeOf(studentSchema.extend({ firstName: studentSchema.shape.firstName.min(1) }))).toThrow(
    /string schema with checks \(min_length\) has no answer shape/,
  );
});

const session = {
  id: 7,
  studentId: 3,
  date: '2026-01-01',
  startTime: '06:00',
  endTime: '07:30',
  duration: '1.5',
  startSuburb: 'Norwood',
  endSuburb: 'Glenelg',
  timeOfDay: 'Day',
  trafficConditions: 'Light',
  roadConditions: 'Sealed',
  supervisorName: 'Pat',
  supervisorLicenseNumber: 'S1',
  clientId: 'c-1',
  createdAt: '2026-01-01T07:31:00Z',
  coordinates: { latitude: -34.9, longitude: 138.6 },
  weatherConditions: null,
  status: 'in_force',
  correctionOf: null,
};

const student = {
  id: 3,
  firstName: 'Alex',
  lastName: 'Learner',
  dateOfBirth: '2009-04-12',
  licenseNumber: null,
  subscriptionStatus: 'active',
  hasStudentLogin: true,
  createdAt: '2026-01-01T00:00:00Z',
};

const insights = {
  hoursPerWeek: [1, 2, 0, 0],
  averageWeeklyHours: 0.75,
  forecastDate: null,
  counts: { timeOfDay: { Day: 2 }, traffic: {}, road: { Sealed: 1 } },
  notPractised: ['rain'],
  today: '2026-01-02',
  totalTarget: 100,
  hoursRemaining: 97,
  paceText: 'x',
  notPractisedText: 'y',
};

// Each body is read by the shape and parsed by the schema: both accept it or both refuse it, and what they keep is equal.
const bodies: [string, Answer<unknown>, z.ZodType, unknown][] = [
  ['a session list', answers.sessionListAnswer, sessionListSchema, [session]],
  ['a session with an extra field', answers.sessionListAnswer, sessionListSchema, [{ ...session, _id: 'x', __v: 0 }]],
  [
    'a session without its optional fields',
    answers.sessionListAnswer,
    sessionListSchema,
    [{ ...session, status: undefined }],
  ],
  ['a session with a text id', answers.sessionListAnswer, sessionListSchema, [{ ...session, id: '7' }]],
  ['a session with a fractional id', answers.sessionListAnswer, sessionListSchema, [{ ...session, id: 7.5 }]],
  ['a session with an unknown status', answers.sessionListAnswer, sessionListSchema, [{ ...session, status: 'lost' }]],
  [
    'a session with a latitude out of range',
    answers.sessionListAnswer,
    sessionListSchema,
    [{ ...session, coordinates: { latitude: 91, longitude: 0 } }],
  ],
  ['a list that is an object', answers.sessionListAnswer, sessionListSchema, { sessions: [session] }],
  ['a student', answers.studentAnswer, studentSchema, student],
  ['a student missing a field', answers.studentAnswer, studentSchema, { ...student, createdAt: undefined }],
  ['a student with a null username', answers.studentAnswer, studentSchema, { ...student, studentUsername: null }],
  [
    'a student list with a bad entry',
    answers.studentListAnswer,
    studentSchema.array(),
    [student, { ...student, id: null }],
  ],
  ['null for a student', answers.studentAnswer, studentSchema, null],
  ['a signed-in student', answers.studentAuthAnswer, studentAuthSchema, { student: { ...student, extra: 1 } }],
  ['insights', answers.insightsViewAnswer, insightsViewSchema, insights],
  [
    'insights with a text count',
    answers.insightsViewAnswer,
    insightsViewSchema,
    { ...insights, counts: { timeOfDay: { Day: '2' }, traffic: {}, road: {} } },
  ],
  [
    'a subscription',
    answers.subscriptionViewAnswer,
    subscriptionViewSchema,
    {
      studentId: 3,
      status: 'past_due',
      subscriptionId: 'sub_1',
      trialEnd: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      trialAvailable: false,
      nextStep: null,
    },
  ],
  [
    'a progress summary with an opening balance',
    answers.progressSummaryAnswer,
    progressSummarySchema,
    {
      dayHours: 1,
      nightHours: 0,
      totalHours: 1,
      targets: { day: 75, night: 25, total: 100 },
      percent: { day: 1, night: 0, total: 1 },
      remaining: { day: 74, night: 25, total: 99 },
      badge: 'Getting Started',
      sessionCount: 1,
      openingBalance: { dayHours: 1, nightHours: 0, note: 'paper' },
    },
  ],
];

test.each(bodies)('%s: the shape reads what the schema parses', (_name, answer, schema, body) => {
  const zod = schema.safeParse(body);
  const shape = readShape(answer, body);
  expect(shape.success).toBe(zod.success);
  if (shape.success && zod.success) expect(shape.data).toEqual(zod.data);
});

test('a refused answer says where it departs from its shape', () => {
  const read = readShape(answers.sessionListAnswer, [session, { ...session, id: '8', coordinates: { latitude: 'x' } }]);
  expect(read).toEqual({
    success: false,
    problems: [
      '1.id: expected number, received string',
      '1.coordinates.latitude: expected number from -90 to 90, received string',
      '1.coordinates.longitude: expected number from -180 to 180, received undefined',
    ],
  });
  expect(readShape(answers.studentAnswer, 'text')).toEqual({
    success: false,
    problems: ['(answer): expected object, received string'],
  });
});

test('an absent optional field stays absent and a present one is kept as sent', () => {
  const read = readShape(answers.sessionListAnswer, [{ ...session, hash: 'h' }]);
  expect(read.success && read.data[0]).toMatchObject({ hash: 'h' });
  expect(read.success && 'studentSignature' in read.data[0]).toBe(false);
});
