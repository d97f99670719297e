import { PNG } from 'pngjs';
import { printableSignature } from '../src/sessions/print-signature';
import { fileNamePart, fitText, pdfText } from '../src/pdf/text';

function rgba(width: number, height: number, pixel: (x: number, y: number) => [number, number, number, number]) {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) png.data.set(pixel(x, y), (y * width + x) * 4);
  return png;
}

describe('printableSignature', () => {
  it('flattens a transparent pad with black ink onto white greyscale, for every PNG row filter', async () => {
    const source = rgba(40, 12, (x, y) => (x === y ? [0, 0, 0, 255] : x === 30 ? [0, 0, 0, 128] : [0, 0, 0, 0]));
    for (const filterType of [0, 1, 2, 3, 4]) {
      const bytes = PNG.sync.write(source, { filterType });
      const grey = PNG.sync.read((await printableSignature(bytes))!);
      expect([grey.width, grey.height]).toEqual([40, 12]);
      const at = (x: number, y: number) => grey.data[(y * 40 + x) * 4];
      expect(at(5, 5)).toBe(0); // ink
      expect(at(20, 3)).toBe(255); // transparent paper
      expect(at(30, 1)).toBe(127); // half-transparent ink
    }
  });

  it('reads RGB, greyscale and palette images, and refuses what is not a PNG', async () => {
    const rgb = PNG.sync.write(
      rgba(8, 8, (x) => (x < 4 ? [255, 255, 255, 255] : [0, 0, 0, 255])),
      { colorType: 2 },
    );
    const grey = PNG.sync.read((await printableSignature(rgb))!);
    expect(grey.data[0]).toBe(255);
    expect(grey.data[7 * 4]).toBe(0);
    const greyscale = PNG.sync.write(
      rgba(8, 8, () => [90, 90, 90, 255]),
      { colorType: 0 },
    );
    expect(PNG.sync.read((await printableSignature(greyscale))!).data[0]).toBe(90);
    expect(await printableSignature(Buffer.from('not a png'))).toBeNull();
  });
});

describe('PDF text', () => {
  it('keeps text in every script as typed, composed, and turns controls into spaces', () => {
    expect(pdfText('Zoë  Müller')).toBe('Zoë Müller');
    expect(pdfText('a\r\nb\tc')).toBe('a b c');
    expect(pdfText('Łódź 李 😀 مريم')).toBe('Łódź 李 😀 مريم');
    expect(pdfText('Nguye\u0302\u0303n')).toBe('Nguyễn');
    expect(pdfText(undefined)).toBe('');
  });

  it('cuts text to a width with an ellipsis', () => {
    const measure = (s: string) => s.length;
    expect(fitText('short', 10, measure)).toBe('short');
    expect(fitText('a much longer text', 10, measure)).toBe('a much lo…');
  });

  it('makes file-name parts of letters, digits and dashes only', () => {
    expect(fileNamePart('Zoë')).toBe('Zoe');
    expect(fileNamePart('O\'Brien / "x"\r\n')).toBe('O-Brien-x');
    expect(fileNamePart('李雷')).toBe('student');
  });
});
