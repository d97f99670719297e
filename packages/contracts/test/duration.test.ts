import { calculateDuration, durationMinutes, formatHoursMinutes, hoursFromDuration } from '@logbook/contracts/duration';

describe('calculateDuration', () => {
  it('gives hours to one decimal', () => {
    expect(calculateDuration('09:00', '10:30')).toBe('1.5 hours');
    expect(calculateDuration('09:00', '10:00')).toBe('1.0 hours');
    expect(calculateDuration('09:00', '09:20')).toBe('0.3 hours');
  });
  it('treats an end before the start as the next day', () => {
    expect(calculateDuration('23:30', '00:30')).toBe('1.0 hours');
    expect(calculateDuration('22:00', '01:15')).toBe('3.3 hours');
    expect(durationMinutes('23:59', '00:00')).toBe(1);
  });
  it('is empty when times are equal, missing or malformed', () => {
    expect(calculateDuration('10:00', '10:00')).toBe('');
    expect(calculateDuration('', '10:00')).toBe('');
    expect(calculateDuration('10:00', '25:00')).toBe('');
    expect(calculateDuration('9:00', '10:00')).toBe('');
  });
});

describe('hoursFromDuration', () => {
  it('reads the number before " hours"', () => {
    expect(hoursFromDuration('1.5 hours')).toBe(1.5);
    expect(hoursFromDuration('12.0 hours')).toBe(12);
  });
  it('reads 0 from anything else', () => {
    expect(hoursFromDuration('')).toBe(0);
    expect(hoursFromDuration('abc')).toBe(0);
    expect(hoursFromDuration(undefined)).toBe(0);
    expect(hoursFromDuration('-3 hours')).toBe(0);
  });
});

describe('formatHoursMinutes', () => {
  it('writes hours and minutes, crossing midnight', () => {
    expect(formatHoursMinutes('09:00', '10:30')).toBe('1h 30m');
    expect(formatHoursMinutes('23:15', '00:00')).toBe('45m');
    expect(formatHoursMinutes('08:00', '10:00')).toBe('2h');
    expect(formatHoursMinutes('08:00', '08:00')).toBe('');
  });
});
