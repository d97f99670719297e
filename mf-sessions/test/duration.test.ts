import { durationText } from '../src/features/session-form/utils/durationText';

describe('the Duration box', () => {
  it('shows the hours to one decimal', () => {
    expect(durationText('09:00', '10:30')).toBe('1.5 hours');
    expect(durationText('09:00', '09:20')).toBe('0.3 hours');
  });

  it('counts an end before the start as the next day', () => {
    expect(durationText('23:00', '01:00')).toBe('2.0 hours');
    expect(durationText('22:45', '00:15')).toBe('1.5 hours');
  });

  it('stays empty for equal times, a missing time or a malformed one', () => {
    expect(durationText('10:00', '10:00')).toBe('');
    expect(durationText('10:00', '')).toBe('');
    expect(durationText('', '11:00')).toBe('');
    expect(durationText('10:00', '25:00')).toBe('');
  });
});
