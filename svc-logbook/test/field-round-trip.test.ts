import { roundCoordinates, type Coordinates } from '@logbook/contracts/coordinates';
import { formatDisplayDate } from '@logbook/contracts/dates';
import { SESSION_FIELDS, fieldsWhere, type SessionFieldName } from '@logbook/contracts/session-fields';
import { internalHeaders } from '@logbook/service-kit/internal';
import { serveAuthPeer } from './authPeer';
import {
  dataUrl,
  entryAwaitingSigner,
  familyWithAccount,
  fetchPdf,
  http,
  pdfTextOf,
  sessionBody,
  signaturePng,
  useDatabase,
} from './helpers';

useDatabase();
serveAuthPeer();

const REGISTRY: Record<string, (typeof SESSION_FIELDS)[SessionFieldName]> = SESSION_FIELDS;

/** The registry's fields that a session sent to the API carries (signatures apart, and none the log book sets itself). */
const SENT_FIELDS = Object.keys(REGISTRY).filter((name) => {
  const spec = REGISTRY[name];
  const taken = 'form' in spec || 'api' in spec;
  return taken && spec.stored !== 'signature' && !('setBy' in spec);
});

/** A value for every field sent, each other than the one the tests' sessions usually carry. */
const SENT: Record<string, unknown> = {
  date: '2026-03-09',
  startTime: '19:15',
  endTime: '20:45',
  startSuburb: 'Mount Barker',
  endSuburb: 'Hahndorf',
  timeOfDay: 'night',
  trafficConditions: 'heavy',
  roadConditions: 'unsealed',
  weatherConditions: 'fog',
  supervisorName: 'Robin Example',
  supervisorLicenseNumber: 'SA987654',
  supervisorIsInstructor: true,
  coordinates: { latitude: -35.07384, longitude: 138.85612 },
  vehicleRegistration: 'S987XYZ',
  odometerStart: 45120,
  odometerEnd: 45163,
};

/** What the log book keeps and answers for a field sent. */
const kept = (name: string) =>
  REGISTRY[name].stored === 'coordinates' ? roundCoordinates(SENT[name] as Coordinates) : SENT[name];

/** The words the PDF says a field sent in. */
function printed(name: string): string {
  const spec = REGISTRY[name];
  const value = SENT[name];
  if (value === true) return spec.label;
  if ('valueLabels' in spec) return (spec.valueLabels as Record<string, string>)[String(value)];
  return name === 'date' ? formatDisplayDate(String(value)) : String(value);
}

/** The fields sent that go to a place, in the registry's order. */
const sentTo = (place: Parameters<typeof fieldsWhere>[1]) =>
  fieldsWhere(SESSION_FIELDS, place).filter((name) => SENT_FIELDS.includes(name));

function expectKept(answer: Record<string, unknown>, names: string[]) {
  for (const name of names) expect({ [name]: answer[name] }).toEqual({ [name]: kept(name) });
}

/** The entry's list entry, as the family's list answers it. */
async function listed(cookie: string, studentId: number, id: number) {
  const list = await http().get(`/api/driving-sessions/${studentId}`).set('Cookie', cookie);
  expect(list.status).toBe(200);
  const entry = (list.body as Array<Record<string, unknown>>).find((s) => s.id === id);
  expect(entry).toBeDefined();
  return entry!;
}

describe('every field the API takes, from the request to each place it goes', () => {
  it('has a value here for every field of the registry that a session sent carries', () => {
    expect(Object.keys(SENT).sort()).toEqual([...SENT_FIELDS].sort());
    const usual: Record<string, unknown> = sessionBody(1);
    for (const name of SENT_FIELDS) expect({ [name]: SENT[name] }).not.toEqual({ [name]: usual[name] });
  });

  it('is answered, listed, printed, exported in the CSV and in the family export as it was sent', async () => {
    const { parent, student, email } = await familyWithAccount();
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, SENT));
    expect(res.status).toBe(201);
    const id = res.body.id as number;
    // The session's own answer, then the list.
    expectKept(res.body, sentTo('listed'));
    expectKept(await listed(parent.cookie, student.id, id), sentTo('listed'));
    // Set by the log book: the guardian who logged it.
    expect(res.body.loggedBy).toBe(email);
    expect((await listed(parent.cookie, student.id, id)).loggedBy).toBe(email);

    // The entry's row, read after the table's column titles (which name some values too: "Day/Night").
    const pdf = pdfTextOf(await fetchPdf(student.id, parent.cookie));
    const printedRow = pdf.slice(pdf.indexOf('Supervisor signature\n'));
    for (const name of sentTo('printed'))
      expect({ [name]: printedRow.includes(printed(name)) }).toEqual({ [name]: true });
    // Said after the fields sent; the test's long address is cut where the line ends.
    expect(printedRow).toContain(`Logged by: parent-${parent.userId}-`);

    const csv = await http().get(`/internal/families/${parent.userId}/sessions-csv`).set(internalHeaders());
    expect(csv.status).toBe(200);
    const [header, row] = (csv.body as { csv: string }).csv.trim().split('\r\n');
    const columns = header.split(',');
    // Every value here is free of quotes and commas: each cell is its text in quotes.
    const cells = row.slice(1, -1).split('","');
    for (const name of sentTo('exported')) {
      expect({ [name]: cells[columns.indexOf(name)] }).toEqual({ [name]: String(kept(name)) });
    }
    expect(cells[columns.indexOf('loggedBy')]).toBe(email);

    const exported = await http().get(`/internal/families/${parent.userId}/export`).set(internalHeaders());
    expect(exported.status).toBe(200);
    const stored = (exported.body.sessions as Array<Record<string, unknown>>).find((s) => s.id === id);
    expectKept(stored!, SENT_FIELDS);
    expect(stored!.loggedBy).toBe(email);
  });

  it('is kept by a correction as it was sent', async () => {
    const { parent, student, email } = await familyWithAccount();
    const first = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id));
    expect(first.status).toBe(201);
    const fixed = await http()
      .post(`/api/driving-sessions/${first.body.id}/correction`)
      .set('Cookie', parent.cookie)
      .send({ ...sessionBody(student.id, SENT), reason: 'Every detail was wrong' });
    expect(fixed.status).toBe(201);
    expectKept(fixed.body, sentTo('listed'));
    expectKept(await listed(parent.cookie, student.id, fixed.body.id as number), sentTo('listed'));
    expect(fixed.body.loggedBy).toBe(email);
  });

  it('is shown to a supervisor asked to sign on their phone, and kept when they sign', async () => {
    const { parent, student, token } = await entryAwaitingSigner(SENT);
    const page = await http().post('/api/signing/entry').send({ token });
    expect(page.status).toBe(200);
    expectKept(page.body, sentTo('signing'));

    const signed = await http()
      .post('/api/signing/sign')
      .send({
        token,
        supervisorName: SENT.supervisorName,
        supervisorLicenseNumber: SENT.supervisorLicenseNumber,
        licenceState: 'SA',
        fullLicenceYear: 1998,
        supervisorSignature: dataUrl(signaturePng(400, 150, 7)),
      });
    expect(signed.status).toBe(200);
    const list = await http().get(`/api/driving-sessions/${student.id}`).set('Cookie', parent.cookie);
    const entry = (list.body as Array<Record<string, unknown>>).find((s) => s.signedRemotely === true);
    expectKept(entry!, sentTo('listed'));
    // The student asked for it: no guardian logged it.
    expect(entry!.loggedBy).toBeNull();
  });
});
