import { SESSION_FIELDS } from '@logbook/contracts/session-fields';
import { csvColumns, sessionsCsv } from '../src/family/family';

const family = {
  students: [{ id: 9, firstName: 'Ada', lastName: 'Driver', login: null }],
  sessions: [
    {
      id: 41,
      studentId: 9,
      date: '2026-03-01',
      duration: '1.5 hours',
      supervisorName: '=Pat',
      vehicleRegistration: 'S123ABC',
      odometerStart: 100,
      odometerEnd: 123,
      trailerPlate: 'T99',
    },
  ],
};

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
    const [header, row] = sessionsCsv(family).trim().split('\r\n');
    expect(header).toContain('vehicleRegistration,odometerStart,odometerEnd');
    expect(header).not.toContain('trailerPlate');
    expect(row).toContain(`"'=Pat"`);
    expect(row).toContain('"S123ABC"');
  });

  it('takes a field added to the registry as a column, with no other change', () => {
    const withVehicle = {
      ...SESSION_FIELDS,
      trailerPlate: { label: 'Trailer plate', stored: 'optionalText', exported: true },
    } as const;
    const [header, row] = sessionsCsv(family, withVehicle).trim().split('\r\n');
    expect(header.split(',').at(-3)).toBe('trailerPlate');
    expect(row.split(',').at(-3)).toBe('"T99"');
  });
});
