import { badgeFor, computeProgress, percentOf, targetsFromSettings } from '@logbook/contracts/progress';

const s = (duration: string, timeOfDay: 'day' | 'night') => ({ duration, timeOfDay });

describe('computeProgress', () => {
  it('sums day and night hours against the default 75 + 25 targets', () => {
    const p = computeProgress([s('1.5 hours', 'day'), s('2.0 hours', 'night'), s('0.5 hours', 'day')]);
    expect(p.dayHours).toBe(2);
    expect(p.nightHours).toBe(2);
    expect(p.totalHours).toBe(4);
    expect(p.targets).toEqual({ day: 75, night: 25, total: 100 });
    expect(p.percent).toEqual({ day: 2.7, night: 8, total: 4 });
    expect(p.remaining).toEqual({ day: 73, night: 23, total: 96 });
    expect(p.badge).toBe('Getting Started');
    expect(p.sessionCount).toBe(3);
  });
  it('handles an empty list', () => {
    const p = computeProgress([]);
    expect(p.totalHours).toBe(0);
    expect(p.remaining.total).toBe(100);
    expect(p.badge).toBe('Getting Started');
  });
  it('caps percentages at 100 and never goes below 0 remaining', () => {
    const p = computeProgress([s('80.0 hours', 'day'), s('30.0 hours', 'night')]);
    expect(p.percent).toEqual({ day: 100, night: 100, total: 100 });
    expect(p.remaining).toEqual({ day: 0, night: 0, total: 0 });
    expect(p.badge).toBe('Complete!');
  });
  it('treats zero targets as met', () => {
    const p = computeProgress([], { day: 0, night: 0 });
    expect(p.percent.total).toBe(100);
    expect(p.badge).toBe('Complete!');
  });
  it('adds opening balances', () => {
    const p = computeProgress([s('1.0 hours', 'day')], { day: 10, night: 10 }, { dayHours: 4, nightHours: 5 });
    expect(p.dayHours).toBe(5);
    expect(p.nightHours).toBe(5);
    expect(p.percent.total).toBe(50);
    expect(p.badge).toBe('Halfway There');
  });
});

describe('badgeFor', () => {
  it.each([
    [0, 'Getting Started'],
    [49.9, 'Getting Started'],
    [50, 'Halfway There'],
    [74.9, 'Halfway There'],
    [75, 'Almost There!'],
    [99.9, 'Almost There!'],
    [100, 'Complete!'],
  ])('%p%% → %s', (pct, badge) => expect(badgeFor(pct)).toBe(badge));
});

describe('percentOf / targetsFromSettings', () => {
  it('computes percentages', () => {
    expect(percentOf(50, 100)).toBe(50);
    expect(percentOf(1, 3)).toBe(33.3);
  });
  it('reads targets from settings with defaults', () => {
    expect(targetsFromSettings(undefined)).toEqual({ day: 75, night: 25 });
    expect(targetsFromSettings([{ key: 'dayTimeTargetHours', value: '60' }])).toEqual({ day: 60, night: 25 });
    expect(targetsFromSettings([{ key: 'nightTimeTargetHours', value: 'abc' }])).toEqual({ day: 75, night: 25 });
    expect(targetsFromSettings([{ key: 'nightTimeTargetHours', value: '500' }])).toEqual({ day: 75, night: 25 });
  });
});
