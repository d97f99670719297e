import { computeProgress } from '@logbook/contracts/progress';
import { SESSION_FIELDS, fieldsWhere } from '@logbook/contracts/session-fields';
import { listProjection, printProjection, sessionView, storedDefinition } from '../src/sessions/fields';
import { logbookPdf } from '../src/pdf/logbook-pdf';
import type { LogbookSession } from '../src/pdf/contents';
import { pdfTextOf, signaturePng } from './helpers';

/** The product's registry with one more field, as a new field is added: one row, nothing else. */
const withVehicle = {
  ...SESSION_FIELDS,
  trailerPlate: {
    label: 'Trailer plate',
    stored: 'optionalText',
    form: { kind: 'optionalText', max: 20, invalid: 'Trailer plate is too long' },
    listed: true,
    printed: 'line',
    exported: true,
  },
} as const;

const stored = {
  _id: 41,
  studentId: 9,
  date: '2026-03-01',
  startTime: '09:00',
  endTime: '10:30',
  duration: '1.5 hours',
  startSuburb: 'Glenelg',
  endSuburb: 'Norwood',
  timeOfDay: 'day',
  trafficConditions: 'light',
  roadConditions: 'dry',
  weatherConditions: 'clear',
  supervisorName: 'Pat Lee',
  supervisorLicenseNumber: 'SA123',
  supervisorIsInstructor: false,
  clientId: 'c-41',
  createdAt: new Date('2026-03-01T01:00:00Z'),
  trailerPlate: 'S123ABC',
};

const verification = { code: 'ABCD-EFGH', url: 'https://example.test/verify/ABCD-EFGH' };

function pdfOf(session: LogbookSession, registry = SESSION_FIELDS, link = verification): Promise<Buffer> {
  const png = signaturePng().toString('base64');
  const doc = logbookPdf(
    {
      student: { firstName: 'Ada', lastName: 'Driver', dateOfBirth: '2008-01-01' },
      madeOn: '2026-03-02',
      contents: async () => ({
        progress: { ...computeProgress([session]), openingBalance: null },
        readiness: { ready: false, earliestTestDate: null, checks: [] },
        sessionCount: 1,
        sessions: (async function* () {
          yield { ...session, studentSignaturePrint: png, supervisorSignaturePrint: png };
        })(),
        verification: { ...link, qr: signaturePng(60, 60) },
      }),
    },
    registry,
  );
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

describe("the log book's views of a session, read from the field registry", () => {
  it('stores, lists and prints every field of the registry the product runs on', () => {
    expect(Object.keys(storedDefinition())).toEqual(Object.keys(SESSION_FIELDS));
    expect(Object.keys(listProjection())).toEqual(expect.arrayContaining(fieldsWhere(SESSION_FIELDS, 'listed')));
    expect(listProjection()).not.toHaveProperty('studentSignature');
    expect(Object.keys(printProjection())).toEqual(expect.arrayContaining(fieldsWhere(SESSION_FIELDS, 'printed')));
    const view = sessionView(stored, false);
    expect(view).toMatchObject({ id: 41, studentId: 9, weatherConditions: 'clear', status: 'in_force' });
    expect(view).not.toHaveProperty('trailerPlate');
    expect(view).not.toHaveProperty('coordinates');
    expect(view).not.toHaveProperty('studentSignature');
  });

  it('takes a field added to the registry into the stored record, the list, the answer and the PDF', async () => {
    expect(storedDefinition(withVehicle)).toHaveProperty('trailerPlate');
    expect(listProjection(withVehicle)).toHaveProperty('trailerPlate', 1);
    expect(printProjection(withVehicle)).toHaveProperty('trailerPlate', 1);
    expect(sessionView(stored, false, withVehicle)).toMatchObject({ trailerPlate: 'S123ABC' });
    expect(sessionView({ ...stored, trailerPlate: undefined }, false, withVehicle)).toMatchObject({
      trailerPlate: null,
    });

    const session = stored as unknown as LogbookSession;
    const printed = pdfTextOf(await pdfOf(session, withVehicle));
    expect(printed).toContain('Trailer plate: S123ABC');
    expect(printed).toContain('Glenelg');
    // Without the row, the same session prints as it always has.
    expect(pdfTextOf(await pdfOf(session))).not.toContain('S123ABC');
  });
});

describe('the verification link under the QR code', () => {
  it('is printed whole, however wide the letters of its code', async () => {
    const code = 'W'.repeat(16);
    const url = `https://logbook.example.com/verify/${code}`;
    const printed = pdfTextOf(await pdfOf(stored as unknown as LogbookSession, SESSION_FIELDS, { code, url }));
    expect(printed).toContain(url);
  });
});
