import { ADELAIDE, suggestTimeOfDay, sunTimes } from '@logbook/contracts/sun';
import { stateRulesOn, targetsForState } from '@logbook/contracts/state-rules';
import { GENESIS_HASH, sessionHash, verifyChain, type HashedSession } from '@logbook/contracts/hash-chain';
import { computeInsights, notPractisedText, paceText } from '@logbook/contracts/insights';
import { minutesOfDay } from '@logbook/contracts/dates';

const within = (actual: string, published: string, minutes: number) =>
  Math.abs(minutesOfDay(actual)! - minutesOfDay(published)!) <= minutes;

describe('sunrise and sunset for Adelaide', () => {
  // Published: winter solstice 07:23 / 17:11 ACST; summer solstice 05:59 / 20:29 ACDT.
  it('matches the winter solstice within 2 minutes', () => {
    const t = sunTimes('2026-06-21', ADELAIDE)!;
    expect(within(t.sunrise, '07:23', 2)).toBe(true);
    expect(within(t.sunset, '17:11', 2)).toBe(true);
  });
  it('matches the summer solstice within 2 minutes (daylight saving time)', () => {
    const t = sunTimes('2026-12-22', ADELAIDE)!;
    expect(within(t.sunrise, '05:59', 2)).toBe(true);
    expect(within(t.sunset, '20:29', 2)).toBe(true);
  });
  it('suggests night for 21:00–22:00 and day for 12:00–13:00 in January', () => {
    const night = suggestTimeOfDay('2027-01-15', '21:00', '22:00')!;
    expect(night.timeOfDay).toBe('night');
    expect(night.reason).toMatch(/^Sunset in Adelaide that day at 20:\d\d$/);
    expect(suggestTimeOfDay('2027-01-15', '12:00', '13:00')!.timeOfDay).toBe('day');
    expect(suggestTimeOfDay('2027-06-15', '06:00', '06:45')!.timeOfDay).toBe('night');
    expect(suggestTimeOfDay('2027-06-15', '06:00', '')).toBeNull();
  });
  it('uses the place given', () => {
    const norwood = { ...ADELAIDE, name: 'Norwood', latitude: -34.92, longitude: 138.63 };
    expect(suggestTimeOfDay('2027-01-15', '20:00', '21:30', norwood)!.reason).toMatch(/^Sunset in Norwood/);
  });
});

describe('state rules', () => {
  const DAY = '2026-11-28';
  it('lists every state and territory with a source', () => {
    const rules = stateRulesOn(DAY);
    expect(rules.map((r) => r.code)).toEqual(['SA', 'NSW', 'VIC', 'QLD', 'WA', 'TAS', 'ACT', 'NT']);
    for (const r of rules) expect(r.source).toMatch(/^https:\/\//);
  });
  it('turns rules into day and night targets', () => {
    expect(targetsForState('SA', DAY)).toEqual({ day: 60, night: 15 });
    expect(targetsForState('NSW', DAY)).toEqual({ day: 100, night: 20 });
    expect(targetsForState('NT', DAY)).toEqual({ day: 0, night: 0 });
  });
});

describe('hash chain', () => {
  const base = (id: number): HashedSession => ({
    id,
    studentId: 1,
    date: '2026-03-01',
    startTime: '09:00',
    endTime: '10:00',
    duration: '1.0 hours',
    startSuburb: 'Norwood',
    endSuburb: 'Glenelg',
    timeOfDay: 'day',
    trafficConditions: 'light',
    roadConditions: 'sealed',
    studentSignature: 'data:image/png;base64,AAA',
    supervisorName: 'Pat',
    supervisorLicenseNumber: 'X1',
    supervisorSignature: 'data:image/png;base64,BBB',
  });
  const chain = () => {
    let prev = GENESIS_HASH;
    return [1, 2, 3].map((id) => {
      const s = base(id);
      const hash = sessionHash(s, prev);
      const entry = { ...s, previousHash: prev, hash };
      prev = hash;
      return entry;
    });
  };
  it('verifies an untouched chain', () => {
    expect(verifyChain(chain())).toEqual({ intact: true });
    expect(verifyChain([])).toEqual({ intact: true });
  });
  it('names the first altered entry', () => {
    const c = chain();
    c[1] = { ...c[1], duration: '9.0 hours' };
    expect(verifyChain(c)).toEqual({ intact: false, brokenAt: { index: 1, id: 2 } });
  });
  it('notices a removed entry', () => {
    const c = chain();
    expect(verifyChain([c[0], c[2]])).toEqual({ intact: false, brokenAt: { index: 1, id: 3 } });
  });
});

describe('pace and coverage', () => {
  const s = (date: string, duration: string, extra: Partial<Record<string, string | null>> = {}) => ({
    date,
    duration,
    timeOfDay: 'day',
    trafficConditions: 'light',
    roadConditions: 'sealed',
    ...extra,
  });
  it('sums hours per week over the last four weeks and forecasts the finish', () => {
    const today = '2026-11-21';
    const sessions = [
      s('2026-11-21', '2.0 hours', { weatherConditions: 'clear' }),
      s('2026-11-14', '2.0 hours', { timeOfDay: 'night', trafficConditions: 'heavy', weatherConditions: 'rain' }),
      s('2026-10-25', '4.0 hours', { weatherConditions: null }),
      s('2026-10-24', '9.0 hours'),
    ];
    const i = computeInsights(sessions, 80, today);
    expect(i.hoursPerWeek).toEqual([4, 0, 2, 2]);
    expect(i.averageWeeklyHours).toBe(2);
    expect(i.forecastDate).toBe('2027-08-28');
    expect(paceText(i, 100)).toBe('At this pace: all 100 hours by 28 August 2027');
    expect(i.counts.road.sealed).toBe(4);
    expect(notPractisedText(i)).toBe(
      'Not yet practised: medium traffic, unsealed roads, quiet streets, busy roads, multi-laned roads, overcast weather, fog',
    );
    expect(i.counts.weather).toEqual({ clear: 1, overcast: 0, rain: 1, fog: 0 });
  });
  it('gives no forecast without recent driving, and today when done', () => {
    expect(computeInsights([], 10, '2026-11-21').forecastDate).toBeNull();
    expect(computeInsights([], 0, '2026-11-21').forecastDate).toBe('2026-11-21');
  });
});
