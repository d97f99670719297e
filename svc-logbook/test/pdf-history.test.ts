import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { fetchPdf, http, insertStudent, newParent, pdfTextOf, sessionBody, useDatabase } from './helpers';

useDatabase();

/** The text of the row whose route starts `from` (up to the next row's route), in drawing order. */
function rowOf(text: string, from: string): string {
  const at = text.indexOf(`From: ${from}`);
  const next = text.indexOf('From: ', at + 1);
  return text.slice(at, next === -1 ? undefined : next);
}

/** Pixels of a colour close to `rgb` in a PNG rendering of page 1 (pdftoppm at 60 dpi). */
function pixelsNear(pdf: Buffer, rgb: [number, number, number]): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'logbook-pdf-'));
  try {
    const file = path.join(dir, 'in.pdf');
    fs.writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
    const png = PNG.sync.read(
      fs.readFileSync(
        path.join(
          dir,
          fs.readdirSync(dir).find((f) => f.endsWith('.png'))!,
        ),
      ),
    );
    let count = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      const close =
        Math.abs(png.data[i] - rgb[0]) + Math.abs(png.data[i + 1] - rgb[1]) + Math.abs(png.data[i + 2] - rgb[2]);
      if (close < 60) count++;
    }
    return count;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const STRUCK_RED: [number, number, number] = [0xb4, 0x23, 0x18];

describe('the PDF with corrected and removed entries, weather and instructor lessons', () => {
  it('prints struck entries with their reasons next to their replacements, and totals only what is in force', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    await http().put('/api/settings/state').set('Cookie', parent.cookie).send({ value: 'NSW' });
    const log = async (extra: Record<string, unknown>) =>
      (await http().post('/api/driving-sessions').set('Cookie', parent.cookie).send(sessionBody(student.id, extra)))
        .body;
    await log({ date: '2026-03-01', supervisorIsInstructor: true, weatherConditions: 'rain' }); // 1.5 h + 3 bonus
    const wrong = await log({ date: '2026-03-02', startSuburb: 'Wrongville', weatherConditions: 'clear' }); // 1.5 h
    const twice = await log({ date: '2026-03-03', startSuburb: 'Duplicate Park' }); // 1.5 h
    await log({ date: '2026-03-04', startSuburb: 'Unley' }); // 1.5 h

    const plainPdf = await fetchPdf(student.id, parent.cookie);
    expect(pixelsNear(plainPdf, STRUCK_RED)).toBe(0);

    const fixed = await http()
      .post(`/api/driving-sessions/${wrong.id}/correction`)
      .set('Cookie', parent.cookie)
      .send({
        ...sessionBody(student.id, { date: '2026-03-02', startSuburb: 'Prospect', weatherConditions: 'fog' }),
        reason: 'Typed the wrong suburb',
      });
    expect(fixed.status).toBe(201);
    expect(
      (
        await http()
          .post(`/api/driving-sessions/${twice.id}/removal`)
          .set('Cookie', parent.cookie)
          .send({ reason: 'Logged twice' })
      ).status,
    ).toBe(200);

    const pdf = await fetchPdf(student.id, parent.cookie);
    const text = pdfTextOf(pdf);
    expect(text).toContain('3 sessions, oldest first, and 2 corrected or removed (struck through, not counted)');
    // (pdftotext's raw mode can drop the space after the colon; it is drawn.)
    expect(rowOf(text, 'Wrongville')).toMatch(/Corrected: ?Typed the wrong suburb \(see the next entry\)/);
    expect(rowOf(text, 'Duplicate Park')).toMatch(/Removed: ?Logged twice/);
    expect(rowOf(text, 'Prospect')).not.toMatch(/Corrected|Removed/);
    // In force: 4 x 1.5 h driven less the removed one = 4.5 h, plus 3 bonus hours for the lesson.
    // New South Wales asks 120 hours of a learner of 18.
    expect(text).toMatch(/Total 7\.5 of 120 hours/);
    expect(text).toContain('Total hours including 3 bonus hours from 1 lesson with a driving instructor');
    // Rows in order: the lesson, the struck original, its correction, the removed entry, the last one.
    const order = ['From: Glenelg', 'From: Wrongville', 'From: Prospect', 'From: Duplicate Park', 'From: Unley'].map(
      (n) => text.indexOf(n),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The weather column, and "Not recorded" for a session sent without it.
    expect(rowOf(text, 'Glenelg')).toMatch(/Rain/);
    expect(rowOf(text, 'Glenelg')).toContain('Driving instructor');
    expect(rowOf(text, 'Prospect')).toMatch(/Fog/);
    expect(rowOf(text, 'Unley')).toMatch(/Not\s+recorded/);
    expect(rowOf(text, 'Unley')).not.toContain('Driving instructor');
    expect(text).toContain('Weather');
    // Two lines drawn through rows, in the struck colour.
    expect(pixelsNear(pdf, STRUCK_RED)).toBeGreaterThan(200);
  });
});
