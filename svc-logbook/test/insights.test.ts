import { API_ERRORS, VALIDATION } from '@logbook/contracts/messages';
import { todayInHomeZone } from '../src/insights/insights';
import { cookieFor, http, insertStudent, newParent, sessionBody, useDatabase } from './helpers';

useDatabase();

const drives = [
  // Outside the last four weeks: counts for coverage, not for pace.
  {
    date: '2026-02-20',
    startTime: '09:00',
    endTime: '10:00',
    trafficConditions: 'light',
    roadConditions: 'sealed',
    weatherConditions: 'clear',
  },
  {
    date: '2026-03-10',
    startTime: '09:00',
    endTime: '13:00',
    trafficConditions: 'light',
    roadConditions: 'busy-road',
    weatherConditions: 'rain',
  },
  {
    date: '2026-03-20',
    startTime: '19:00',
    endTime: '21:00',
    timeOfDay: 'night',
    trafficConditions: 'medium',
    roadConditions: 'quiet-streets',
    weatherConditions: 'clear',
  },
  // Logged before the weather was asked: counted in no weather.
  { date: '2026-03-27', startTime: '09:00', endTime: '11:00', trafficConditions: 'light', roadConditions: 'sealed' },
];

async function learnerWithDrives(openingBalance?: { dayHours: number; nightHours: number }) {
  const parent = await newParent();
  const student = await insertStudent(parent.userId, openingBalance ? { openingBalance } : {});
  for (const drive of drives) {
    const res = await http()
      .post('/api/driving-sessions')
      .set('Cookie', parent.cookie)
      .send(sessionBody(student.id, drive));
    expect(res.status).toBe(201);
  }
  return { parent, student };
}

describe('GET /api/driving-sessions/:studentId/insights', () => {
  it('gives the weekly pace, the forecast with paper hours counted, and the conditions never practised', async () => {
    const { parent, student } = await learnerWithDrives({ dayHours: 11, nightHours: 0 });
    const res = await http()
      .get(`/api/driving-sessions/${student.id}/insights?today=2026-03-28`)
      .set('Cookie', parent.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      today: '2026-03-28',
      hoursPerWeek: [0, 4, 2, 2],
      averageWeeklyHours: 2,
      // South Australia's 75 - 9 logged - 11 on paper = 55 hours at 2 a week: 193 days.
      hoursRemaining: 55,
      totalTarget: 75,
      forecastDate: '2026-10-07',
      counts: {
        timeOfDay: { day: 3, night: 1 },
        traffic: { light: 3, medium: 1, heavy: 0 },
        road: { sealed: 2, unsealed: 0, 'quiet-streets': 1, 'busy-road': 1, 'multi-laned': 0 },
        weather: { clear: 2, overcast: 0, rain: 1, fog: 0 },
      },
      notPractised: ['heavy traffic', 'unsealed roads', 'multi-laned roads', 'overcast weather', 'fog'],
      paceText: 'At this pace: all 75 hours by 7 October 2026',
      notPractisedText: 'Not yet practised: heavy traffic, unsealed roads, multi-laned roads, overcast weather, fog',
    });
  });

  it("follows the family's own targets and says when there is no recent driving", async () => {
    const { parent, student } = await learnerWithDrives();
    const saved = await http()
      .put('/api/settings/dayTimeTargetHours')
      .set('Cookie', parent.cookie)
      .send({ value: 100 });
    expect(saved.status).toBe(200);
    const res = await http()
      .get(`/api/driving-sessions/${student.id}/insights?today=2026-06-30`)
      .set('Cookie', await cookieFor(student));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      hoursPerWeek: [0, 0, 0, 0],
      forecastDate: null,
      // 100 day hours of the family's own and the state's 15 at night.
      totalTarget: 115,
      hoursRemaining: 106,
      paceText: 'At this pace: no driving in the last four weeks to forecast from',
    });
  });

  it('has a new learner practise everything still', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    const res = await http()
      .get(`/api/driving-sessions/${student.id}/insights?today=2026-03-28`)
      .set('Cookie', parent.cookie);
    expect(res.body.notPractisedText).toBe(
      'Not yet practised: night driving, light traffic, medium traffic, heavy traffic, sealed roads, unsealed roads, quiet streets, busy roads, multi-laned roads, clear weather, overcast weather, rain, fog',
    );
  });

  it("uses today's date in Adelaide when none is given", async () => {
    const { parent, student } = await learnerWithDrives();
    const res = await http().get(`/api/driving-sessions/${student.id}/insights`).set('Cookie', parent.cookie);
    expect(res.status).toBe(200);
    expect(res.body.today).toBe(todayInHomeZone());
    // 10:30 UTC on 31 Dec is already New Year's Day in Adelaide (UTC+10:30 in summer).
    expect(todayInHomeZone(new Date('2026-12-31T13:30:00Z'))).toBe('2027-01-01');
    expect(todayInHomeZone(new Date('2026-12-31T13:29:00Z'))).toBe('2026-12-31');
  });

  it('refuses a today that is not one real date', async () => {
    const parent = await newParent();
    const student = await insertStudent(parent.userId);
    for (const query of ['today=2026-02-30', 'today=tomorrow', 'today=', 'today=2026-03-01&today=2026-03-02']) {
      const res = await http()
        .get(`/api/driving-sessions/${student.id}/insights?${query}`)
        .set('Cookie', parent.cookie);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: VALIDATION.todayInvalid });
    }
    const bad = await http().get('/api/driving-sessions/abc/insights').set('Cookie', parent.cookie);
    expect(bad.body).toEqual({ message: API_ERRORS.invalidId });
  });
});
