import { isStudentSessionsKey, sessionListKey, sessionSummaryKey } from '../src/lib/sessionKeys';

describe('session data keys', () => {
  it('put only the filters that are set in the list URL', () => {
    expect(sessionListKey(7)).toBe('/api/driving-sessions/7');
    expect(sessionListKey(7, { fromDate: '2026-01-01', toDate: '', timeOfDay: 'night' })).toBe(
      '/api/driving-sessions/7?fromDate=2026-01-01&timeOfDay=night',
    );
    expect(sessionSummaryKey(7)).toBe('/api/driving-sessions/7/summary');
  });

  it('match every cached read of one student and no other', () => {
    const match = isStudentSessionsKey(7);
    expect(match('/api/driving-sessions/7')).toBe(true);
    expect(match('/api/driving-sessions/7?timeOfDay=day')).toBe(true);
    expect(match('/api/driving-sessions/7/summary')).toBe(true);
    expect(match(['/api/driving-sessions', 7, 'summary'])).toBe(true);
    expect(match('/api/driving-sessions/70')).toBe(false);
    expect(match('/api/students/7')).toBe(false);
    expect(match(undefined)).toBe(false);
  });
});
