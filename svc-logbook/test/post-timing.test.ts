import { http, insertStudent, newParent, sessionBody, useDatabase } from './helpers';

useDatabase();

/** The Server-Timing header of a post, as name → milliseconds. */
function timings(header: string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of String(header ?? '').split(',')) {
    const m = /^\s*([\w-]+);dur=(\d+(?:\.\d+)?)$/.exec(item);
    if (m) out.set(m[1], Number(m[2]));
  }
  return out;
}

describe('where the time of a session post goes', () => {
  it('answers a new session with the time of each part, none longer than the whole', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId, { subscriptionStatus: 'active' });
    const res = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id));
    expect(res.status).toBe(201);
    const parts = timings(res.headers['server-timing']);
    expect([...parts.keys()].sort()).toEqual(
      [
        'chain-hash',
        'chain-read',
        'chain-wait',
        'db-head',
        'db-session',
        'db-signatures',
        'guardian',
        'signatures',
        'student',
        'supervisor',
        'total',
      ].sort(),
    );
    const total = parts.get('total')!;
    const sum = [...parts].filter(([k]) => k !== 'total').reduce((a, [, v]) => a + v, 0);
    expect(sum).toBeLessThanOrEqual(total + 0.05);
    expect(parts.get('signatures')).toBeGreaterThan(0);
  });

  it('gives a refused post no timings and stores nothing', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId, { subscriptionStatus: 'active' });
    const body = { ...sessionBody(student.id), studentSignature: 'data:image/png;base64,AAAA' };
    const res = await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(body);
    expect(res.status).toBe(400);
    expect(res.headers['server-timing']).toBeUndefined();
    const list = await http().get(`/api/driving-sessions/${student.id}`).set('Cookie', parent.cookie);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain('"supervisorName"');
  });
});
