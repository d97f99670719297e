import { formatHours } from '../src/lib/hours';

describe('hours as every screen shows them', () => {
  it.each([
    [0, '0.0'],
    [12.25, '12.3'],
    [12.5, '12.5'],
    [120, '120.0'],
    [1.04, '1.0'],
    [2.96, '3.0'],
  ])('%p hours against a target read %p', (hours, text) => {
    expect(formatHours(hours)).toBe(text);
  });

  it.each([
    [0, '0'],
    [10, '10'],
    [2.5, '2.5'],
    [2.96, '3'],
    [1.04, '1'],
    [0.25, '0.3'],
  ])('%p hours someone typed read %p', (hours, text) => {
    expect(formatHours(hours, { dropZeroTenth: true })).toBe(text);
  });
});
