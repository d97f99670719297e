import crypto from 'node:crypto';
import { nextId } from '@logbook/service-kit/counters';
import { SessionChainModel } from '../src/chain/model';
import { DrivingSessionModel } from '../src/sessions/model';
import { http, sessionBody, useDatabase, newFamily } from './helpers';

useDatabase();

const list = (studentId: number, cookie: string, query = '') =>
  http().get(`/api/driving-sessions/${studentId}${query}`).set('Cookie', cookie);

describe('the list of sessions, kept while the log is unchanged', () => {
  it('shows a session logged by another instance in the next list, summary and insights', async () => {
    const { parent, student } = await newFamily();
    const first = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id));
    expect(first.status).toBe(201);
    expect((await list(student.id, parent.cookie)).body).toHaveLength(1);
    expect(
      (await http().get(`/api/driving-sessions/${student.id}/summary`).set('Cookie', parent.cookie)).body,
    ).toMatchObject({ sessionCount: 1 });

    // What another instance does when it logs a session: store it, then record the new head of the chain.
    const id = await nextId('driving_sessions');
    const {
      studentId: _s,
      studentSignature: _a,
      supervisorSignature: _b,
      ...fields
    } = sessionBody(student.id, {
      date: '2026-04-01',
      timeOfDay: 'night',
    });
    await DrivingSessionModel.collection.insertOne({
      _id: id,
      studentId: student.id,
      ...fields,
      previousHash: first.body.hash,
      hash: 'f'.repeat(64),
      createdAt: new Date(),
    } as never);
    await SessionChainModel.updateOne({ _id: student.id }, { $set: { head: 'f'.repeat(64), lastId: id } });

    const after = await list(student.id, parent.cookie);
    expect(after.body.map((s: { id: number }) => s.id)).toEqual([id, first.body.id]);
    const summary = await http().get(`/api/driving-sessions/${student.id}/summary`).set('Cookie', parent.cookie);
    expect(summary.body).toMatchObject({ sessionCount: 2, nightHours: 1.5 });
    const insights = await http()
      .get(`/api/driving-sessions/${student.id}/insights?today=2026-04-02`)
      .set('Cookie', parent.cookie);
    expect(insights.status).toBe(200);
    expect(insights.body.counts.timeOfDay).toMatchObject({ day: 1, night: 1 });
  });

  it('records the head a stored session could not, when its client retries under the same clientId', async () => {
    const { parent, student } = await newFamily();
    const first = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id));
    expect(first.status).toBe(201);
    expect((await list(student.id, parent.cookie)).body).toHaveLength(1);

    // Another instance stored a session and its answer failed before the new head was recorded.
    const clientId = crypto.randomUUID();
    const id = await nextId('driving_sessions');
    const {
      studentId: _s,
      studentSignature: _a,
      supervisorSignature: _b,
      ...fields
    } = sessionBody(student.id, { date: '2026-04-03' });
    await DrivingSessionModel.collection.insertOne({
      _id: id,
      studentId: student.id,
      ...fields,
      clientId,
      previousHash: first.body.hash,
      hash: 'e'.repeat(64),
      createdAt: new Date(),
    } as never);
    expect((await list(student.id, parent.cookie)).body).toHaveLength(1);

    const retry = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, { date: '2026-04-03', clientId }));
    expect(retry.status).toBe(200);
    expect(retry.body.id).toBe(id);
    expect(await SessionChainModel.findById(student.id).lean()).toMatchObject({ lastId: id, head: 'e'.repeat(64) });
    const after = await list(student.id, parent.cookie);
    expect(after.body.map((s: { id: number }) => s.id)).toEqual([id, first.body.id]);
  });

  it('filters the kept list exactly as the database would', async () => {
    const { parent, student } = await newFamily();
    const dates = ['2026-01-05', '2026-01-10', '2026-01-10', '2026-02-01'];
    for (const [i, date] of dates.entries()) {
      const res = await http()
        .post('/api/driving-sessions')
        .set('Cookie', parent.cookie)
        .send(
          sessionBody(student.id, {
            date,
            startTime: i === 2 ? '18:00' : '09:00',
            endTime: i === 2 ? '19:00' : '10:30',
            timeOfDay: i === 2 ? 'night' : 'day',
          }),
        );
      expect(res.status).toBe(201);
    }
    const all = (await list(student.id, parent.cookie)).body as Array<{ date: string; startTime: string }>;
    expect(all.map((s) => `${s.date} ${s.startTime}`)).toEqual([
      '2026-02-01 09:00',
      '2026-01-10 18:00',
      '2026-01-10 09:00',
      '2026-01-05 09:00',
    ]);
    const january = await list(student.id, parent.cookie, '?fromDate=2026-01-06&toDate=2026-01-31');
    expect(january.body.map((s: { date: string }) => s.date)).toEqual(['2026-01-10', '2026-01-10']);
    const nights = await list(student.id, parent.cookie, '?timeOfDay=night');
    expect(nights.body.map((s: { startTime: string }) => s.startTime)).toEqual(['18:00']);
    const none = await list(student.id, parent.cookie, '?fromDate=2027-01-01');
    expect(none.body).toEqual([]);
  });

  it('answers gzipped JSON to a caller that takes gzip, and plain JSON otherwise', async () => {
    const { parent, student } = await newFamily();
    for (let i = 0; i < 3; i++) {
      const res = await http()
        .post('/api/driving-sessions')
        .set('Cookie', parent.cookie)
        .send(sessionBody(student.id, { date: `2026-03-0${i + 1}` }));
      expect(res.status).toBe(201);
    }
    const raw = (encoding: string) =>
      http()
        .get(`/api/driving-sessions/${student.id}`)
        .set('Cookie', parent.cookie)
        .set('Accept-Encoding', encoding)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
    const zipped = await raw('gzip, deflate');
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The client unzipped it on the way in (a body that was not really gzip would have failed there).
    const fromZip = JSON.parse((zipped.body as Buffer).toString());
    expect(fromZip).toEqual(JSON.parse((plain.body as Buffer).toString()));
    expect(fromZip).toHaveLength(3);
  });
});
