import { described, undescribed, undescribedRequest } from '@logbook/service-kit/described';
import { cookieFor, http, insertStudent, newParent, sessionBody, useDatabase } from './helpers';

useDatabase();

const ORIGIN = { host: 'logbook.test', origin: 'http://logbook.test' };

describe('the log book answers as docs/openapi.json describes', () => {
  it('logging, correcting and removing sessions: created, repeated, refused', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const body = sessionBody(student.id);
    const logged = described(await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(body));
    expect(logged.status).toBe(201);
    const again = described(await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(body));
    expect(again.status).toBe(200);
    const id = (logged.body as { id: number }).id;

    const invalid = described(
      await http()
        .post('/api/driving-sessions')
        .set('Cookie', parent.cookie)
        .send({ ...body, clientId: undefined, date: 'yesterday' }),
    );
    expect(invalid.status).toBe(400);
    const signedOut = described(await http().post('/api/driving-sessions').send(body));
    expect(signedOut.status).toBe(401);
    const crossOrigin = described(
      await http().post('/api/driving-sessions').set({ origin: 'https://elsewhere.example' }).send(body),
    );
    expect(crossOrigin.status).toBe(403);
    const notJson = described(
      await http()
        .post('/api/driving-sessions')
        .set('Cookie', parent.cookie)
        .set('Content-Type', 'text/plain')
        .send('x'),
    );
    expect(notJson.status).toBe(415);

    const correction = { ...sessionBody(student.id, { endTime: '10:00' }), reason: 'Wrong end time' };
    const studentCookie = await cookieFor(student);
    const byStudent = described(
      await http().post(`/api/driving-sessions/${id}/correction`).set('Cookie', studentCookie).send(correction),
    );
    expect(byStudent.status).toBe(403);
    const corrected = described(
      await http().post(`/api/driving-sessions/${id}/correction`).set('Cookie', parent.cookie).send(correction),
    );
    expect(corrected.status).toBe(201);
    const twice = described(
      await http()
        .post(`/api/driving-sessions/${id}/correction`)
        .set('Cookie', parent.cookie)
        .send({ ...correction, clientId: crypto.randomUUID() }),
    );
    expect(twice.status).toBe(409);
    const stranger = await newParent();
    const notTheirs = described(
      await http()
        .post(`/api/driving-sessions/${(corrected.body as { id: number }).id}/removal`)
        .set('Cookie', stranger.cookie)
        .send({ reason: 'Not mine' }),
    );
    expect(notTheirs.status).toBe(404);

    const list = described(await http().get(`/api/driving-sessions/${student.id}`).set('Cookie', parent.cookie));
    expect(list.status).toBe(200);
    const summary = described(
      await http().get(`/api/driving-sessions/${student.id}/summary`).set('Cookie', parent.cookie),
    );
    expect(summary.status).toBe(200);
    const insights = described(
      await http().get(`/api/driving-sessions/${student.id}/insights?today=2026-03-10`).set('Cookie', parent.cookie),
    );
    expect(insights.status).toBe(200);
    const notADay = described(
      await http().get(`/api/driving-sessions/${student.id}/insights?today=2026-02-30`).set('Cookie', parent.cookie),
    );
    expect(notADay.status).toBe(400);
  });

  it('saved supervisors: created, changed, refused to a student, forgotten', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const input = { name: 'Sam Parent', licenseNumber: 'SA100' };
    const made = described(await http().post('/api/supervisors').set(ORIGIN).set('Cookie', parent.cookie).send(input));
    expect(made.status).toBe(201);
    const id = (made.body as { id: number }).id;
    const other = described(
      await http().post('/api/supervisors').set('Cookie', parent.cookie).send({ name: 'Jo', licenseNumber: 'SA200' }),
    );
    expect(other.status).toBe(201);
    const clash = described(
      await http()
        .put(`/api/supervisors/${id}`)
        .set('Cookie', parent.cookie)
        .send({ name: 'Jo', licenseNumber: 'SA200' }),
    );
    expect(clash.status).toBe(409);
    const byStudent = described(
      await http()
        .put(`/api/supervisors/${id}`)
        .set('Cookie', await cookieFor(student))
        .send(input),
    );
    expect(byStudent.status).toBe(403);
    const listed = described(await http().get('/api/supervisors').set('Cookie', parent.cookie));
    expect(listed.status).toBe(200);
    const gone = described(await http().delete(`/api/supervisors/${id}`).set('Cookie', parent.cookie));
    expect(gone.status).toBe(204);
    const again = described(await http().delete(`/api/supervisors/${id}`).set('Cookie', parent.cookie));
    expect(again.status).toBe(404);
  });

  it('the check fails on what the description does not say', async () => {
    const parent = await newParent();
    const res = await http().get('/api/supervisors').set('Cookie', parent.cookie);
    expect(undescribed('GET', '/api/supervisors', { ...res, status: 418 })).toEqual([
      'GET /api/supervisors → 418: the status is not described',
    ]);
    expect(undescribed('GET', '/api/supervisors', { ...res, body: { supervisors: 'none' } })[0]).toMatch(
      /body\/supervisors must be array/,
    );
    expect(undescribed('PATCH', '/api/supervisors', res)).toEqual([
      'PATCH /api/supervisors → 200: the route is not described',
    ]);
    // A body the route does not declare, or one its schema refuses, though the API took it.
    expect(undescribedRequest('DELETE', '/api/supervisors/1', { all: true }, 204)).toEqual([
      'DELETE /api/supervisors/1 (answered 204): a JSON body where none is declared',
    ]);
    expect(undescribedRequest('POST', '/api/supervisors', { name: 'Jo' }, 201)[0]).toMatch(
      /request body must have required property 'licenseNumber'/,
    );
    // One the API refused as invalid is not judged.
    expect(undescribedRequest('POST', '/api/supervisors', { name: 'Jo' }, 400)).toEqual([]);
  });
});
