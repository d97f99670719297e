import { internalHeaders } from '@logbook/service-kit/internal';
import { SESSION_FIELDS } from '@logbook/contracts/session-fields';
import { csvColumns, sessionsCsv } from '../src/family/csv';
import { http, insertStudent, newParent, sessionBody, useDatabase } from './helpers';

useDatabase();

const sessions = [
  {
    _id: 41,
    studentId: 9,
    date: '2026-03-01',
    duration: '1.5 hours',
    supervisorName: '=Pat',
    vehicleRegistration: 'S123ABC',
    odometerStart: 100,
    odometerEnd: 123,
    trailerPlate: 'T99',
  },
];
const names = new Map([[9, 'Ada Driver']]);

describe('the CSV of sessions, with its columns read from the field registry', () => {
  it('has a column for every exported field, in the order the spreadsheet has always had', () => {
    expect(csvColumns().slice(0, 7)).toEqual([
      'sessionId',
      'studentId',
      'studentName',
      'date',
      'startTime',
      'endTime',
      'duration',
    ]);
    expect(csvColumns()).toEqual(expect.arrayContaining(['weatherConditions', 'supervisorIsInstructor', 'status']));
    expect(csvColumns()).not.toContain('studentSignature');
    const [header, row] = sessionsCsv(sessions, names).trim().split('\r\n');
    expect(header).toContain('vehicleRegistration,odometerStart,odometerEnd');
    expect(header).not.toContain('trailerPlate');
    expect(row).toContain('"Ada Driver"');
    expect(row).toContain(`"'=Pat"`);
    expect(row).toContain('"S123ABC"');
  });

  it('takes a field added to the registry as a column, with no other change', () => {
    const withVehicle = {
      ...SESSION_FIELDS,
      trailerPlate: { label: 'Trailer plate', stored: 'optionalText', exported: true },
    } as const;
    const [header, row] = sessionsCsv(sessions, names, withVehicle).trim().split('\r\n');
    expect(header.split(',').at(-3)).toBe('trailerPlate');
    expect(row.split(',').at(-3)).toBe('"T99"');
  });

  it("answers the family's sessions, and no other family's, to the internal API alone", async () => {
    const parent = await newParent();
    const other = await newParent();
    const student = await insertStudent(parent.userId, { firstName: 'Ada', lastName: 'Csv' });
    const stranger = await insertStudent(other.userId, { firstName: 'Bo', lastName: 'Other' });
    for (const [who, cookie] of [
      [student, parent.cookie],
      [stranger, other.cookie],
    ] as const) {
      const res = await http().post('/api/driving-sessions').set('Cookie', cookie).send(sessionBody(who.id));
      expect(res.status).toBe(201);
    }
    const route = `/internal/families/${parent.userId}/sessions-csv`;
    expect((await http().get(route)).status).toBe(404);
    const res = await http().get(route).set(internalHeaders());
    expect(res.status).toBe(200);
    const [header, ...rows] = (res.body as { csv: string }).csv.trim().split('\r\n');
    expect(header).toBe(csvColumns().join(','));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('"Ada Csv"');
    expect(rows[0]).toContain('"Pat Supervisor"');
    expect(rows[0]).toContain('"in_force"');
  });
});
