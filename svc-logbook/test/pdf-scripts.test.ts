import { execFileSync } from 'node:child_process';
import { textRuns } from '../src/pdf/fonts';
import { cookieFor, http, insertStudent, newParent, sessionBody, useDatabase } from './helpers';

useDatabase();

/** The text poppler reads off the PDF, in reading order, without the direction marks it puts around Arabic. */
const pdfReadText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf })
    .toString()
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

async function fetchPdf(studentId: number, cookie: string): Promise<Buffer> {
  const res = await http()
    .get(`/api/driving-sessions/${studentId}/pdf`)
    .set('Cookie', cookie)
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  return res.body as Buffer;
}

const embeddedFonts = (pdf: Buffer) => pdf.toString('latin1').match(/\/FontFile2/g)?.length ?? 0;

// Each session a script: its two suburbs and its supervisor.
const SCRIPTS = [
  { startSuburb: 'Đà Nẵng', endSuburb: 'Łódź-Bałuty', supervisorName: 'Søren Ægidius Dvořák' },
  { startSuburb: 'Αθήνα', endSuburb: 'Θεσσαλονίκη', supervisorName: 'Ελένη Παπαδοπούλου' },
  { startSuburb: 'Москва', endSuburb: 'Санкт-Петербург', supervisorName: 'Иван Петров' },
  { startSuburb: '北京', endSuburb: '上海浦东', supervisorName: '王小明' },
  { startSuburb: '東京', endSuburb: 'さいたま', supervisorName: '山田さくら' },
  { startSuburb: '서울', endSuburb: '부산', supervisorName: '김민준' },
  { startSuburb: 'دبي', endSuburb: 'الرياض', supervisorName: 'مريم علي' },
];

describe('names in every script in the PDF', () => {
  it('prints student, suburb and supervisor names exactly as typed, in embedded font subsets', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId, {
      firstName: 'Nguyễn Thị Ánh',
      lastName: 'Łukasiewicz-Öztürk',
    });
    for (const [i, names] of SCRIPTS.entries()) {
      const logged = await http()
        .post('/api/driving-sessions')
        .set('Cookie', parent.cookie)
        .send(sessionBody(student.id, { date: `2026-03-0${i + 1}`, ...names }));
      expect(logged.status).toBe(201);
    }
    const pdf = await fetchPdf(student.id, await cookieFor(student));
    const text = pdfReadText(pdf);
    expect(text).toContain('Nguyễn Thị Ánh Łukasiewicz-Öztürk');
    for (const names of SCRIPTS) {
      expect(text).toContain(`From: ${names.startSuburb}`);
      expect(text).toContain(`To: ${names.endSuburb}`);
      expect(text).toContain(names.supervisorName);
    }
    expect(text).not.toContain('?');
    // Only the glyphs used are embedded: the whole log book stays far smaller than one CJK font file.
    expect(embeddedFonts(pdf)).toBeGreaterThan(0);
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans/);
    expect(pdf.length).toBeLessThan(250_000);
  });

  it.each([
    ['Chinese', '王', '小明'],
    ['Japanese', '山田', 'さくら'],
    ['Korean', '김', '민준'],
    ['Arabic', 'مريم', 'علي'],
    ['Greek', 'Ελένη', 'Παπαδοπούλου'],
    ['Cyrillic', 'Иван', 'Петров'],
  ])('prints a student named in %s as typed in a one-session log book', async (_script, firstName, lastName) => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId, { firstName, lastName });
    const logged = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, SCRIPTS[3]));
    expect(logged.status).toBe(201);
    const pdf = await fetchPdf(student.id, parent.cookie);
    const text = pdfReadText(pdf);
    // The name heads the student's details and closes every page's footer.
    expect(text.split(`${firstName} ${lastName}`).length - 1).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain('?');
    console.log(`one-session log book, student named in ${_script}: ${(pdf.length / 1024).toFixed(1)} KB`);
  });

  it('embeds no font for a log book in plain Latin text', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId, { firstName: 'Zoë', lastName: 'Müller' });
    const logged = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id));
    expect(logged.status).toBe(201);
    const pdf = await fetchPdf(student.id, parent.cookie);
    expect(pdfReadText(pdf)).toContain('Zoë Müller');
    expect(embeddedFonts(pdf)).toBe(0);
  });
});

describe('textRuns', () => {
  const runs = (text: string) => textRuns(text, 'regular').map((r) => [r.text, r.face.key]);

  it('draws a right-to-left phrase as one run, its parts in right-to-left order', () => {
    expect(runs('مريم علي')).toEqual([['مريم علي', 'noto-sans-arabic-arabic-400']]);
    const [first, second, third] = runs('To: مريم 12 علي');
    expect(first[0]).toBe('To: ');
    // Drawn left to right: the last word first, then the number, then the first word.
    expect([second[0], third[0]]).toEqual(['علي', ' 12 ']);
  });

  it('takes Han characters from the Japanese font beside kana, the Korean font beside hangul', () => {
    const face = (text: string) => textRuns(text, 'bold')[0].face.key;
    expect(face('山田さくら')).toMatch(/^noto-sans-jp-\d+-700$/);
    expect(face('金민준')).toMatch(/^noto-sans-kr-\d+-700$/);
    expect(face('王小明')).toMatch(/^noto-sans-sc-\d+-700$/);
  });
});
