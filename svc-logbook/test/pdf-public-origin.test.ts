import { execFileSync } from 'node:child_process';
import { cookieFor, http, insertStudent, newParent, useDatabase } from './helpers';

useDatabase();

// Read when the first link is made, so it is set before any request of this file.
const previous = process.env.PUBLIC_ORIGIN;
beforeAll(() => {
  process.env.PUBLIC_ORIGIN = 'https://logbook.example.com/';
});
afterAll(() => {
  if (previous === undefined) delete process.env.PUBLIC_ORIGIN;
  else process.env.PUBLIC_ORIGIN = previous;
});

describe('PUBLIC_ORIGIN', () => {
  it('is the origin of the verification link, whatever origin the request came through', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const forwarded = { 'X-Forwarded-Proto': 'http', 'X-Forwarded-Host': 'localhost:18080' };
    const answer = await http()
      .get(`/api/driving-sessions/${student.id}/verification`)
      .set('Cookie', parent.cookie)
      .set(forwarded);
    expect(answer.status).toBe(200);
    const { code, url } = answer.body as { code: string; url: string };
    expect(url).toBe(`https://logbook.example.com/verify/${code}`);

    const pdf = await http()
      .get(`/api/driving-sessions/${student.id}/pdf`)
      .set('Cookie', await cookieFor(student))
      .set(forwarded)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    const text = execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf.body as Buffer });
    expect(text.toString()).toContain(url);
  });
});
