import {
  ROAD_CONDITIONS,
  ROAD_LABELS,
  TIME_OF_DAY,
  TRAFFIC_CONDITIONS,
  TRAFFIC_LABELS,
  WEATHER_CONDITIONS,
  type WeatherConditions,
} from './constants';
import { hoursFromDuration, roundToTenth } from './duration';
import type { InsightsView } from './responses';

const DAY_MS = 86_400_000;
const WEEKS = 4;

/** Pace and coverage as counted here: the answer's figures before its words (sessions before the weather count in none). */
export type Insights = Omit<
  InsightsView,
  'today' | 'totalTarget' | 'hoursRemaining' | 'paceText' | 'notPractisedText'
> & {
  counts: Required<InsightsView['counts']>;
};

type InsightSession = {
  date: string;
  duration: string;
  timeOfDay: string;
  trafficConditions: string;
  roadConditions: string;
  weatherConditions?: string | null;
};

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dateMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

export function computeInsights(sessions: readonly InsightSession[], hoursRemaining: number, today: string): Insights {
  const end = dateMs(today) + DAY_MS;
  const hoursPerWeek = Array.from({ length: WEEKS }, () => 0);
  const counts = {
    timeOfDay: Object.fromEntries(TIME_OF_DAY.map((k) => [k, 0])),
    traffic: Object.fromEntries(TRAFFIC_CONDITIONS.map((k) => [k, 0])),
    road: Object.fromEntries(ROAD_CONDITIONS.map((k) => [k, 0])),
    weather: Object.fromEntries(WEATHER_CONDITIONS.map((k) => [k, 0])),
  };
  for (const s of sessions) {
    const age = end - dateMs(s.date);
    if (age > 0 && age <= WEEKS * 7 * DAY_MS) {
      const week = WEEKS - 1 - Math.floor((age - 1) / (7 * DAY_MS));
      hoursPerWeek[week] += hoursFromDuration(s.duration);
    }
    if (s.timeOfDay in counts.timeOfDay) counts.timeOfDay[s.timeOfDay]++;
    if (s.trafficConditions in counts.traffic) counts.traffic[s.trafficConditions]++;
    if (s.roadConditions in counts.road) counts.road[s.roadConditions]++;
    if (typeof s.weatherConditions === 'string' && Object.hasOwn(counts.weather, s.weatherConditions)) {
      counts.weather[s.weatherConditions]++;
    }
  }
  const perWeek = hoursPerWeek.map(roundToTenth);
  const averageWeeklyHours = roundToTenth(perWeek.reduce((a, b) => a + b, 0) / WEEKS);
  let forecastDate: string | null = null;
  if (hoursRemaining <= 0) forecastDate = today;
  else if (averageWeeklyHours > 0)
    forecastDate = isoDate(dateMs(today) + Math.ceil((hoursRemaining / averageWeeklyHours) * 7) * DAY_MS);
  const notPractised = [
    ...(counts.timeOfDay.night === 0 ? ['night driving'] : []),
    ...TRAFFIC_CONDITIONS.filter((k) => counts.traffic[k] === 0).map(
      (k) => `${TRAFFIC_LABELS[k].toLowerCase()} traffic`,
    ),
    ...ROAD_CONDITIONS.filter((k) => counts.road[k] === 0).map((k) => roadPhrase(ROAD_LABELS[k])),
    ...WEATHER_CONDITIONS.filter((k) => counts.weather[k] === 0).map((k) => WEATHER_PHRASES[k]),
  ];
  return { hoursPerWeek: perWeek, averageWeeklyHours, forecastDate, counts, notPractised };
}

const WEATHER_PHRASES: Record<WeatherConditions, string> = {
  clear: 'clear weather',
  overcast: 'overcast weather',
  rain: 'rain',
  fog: 'fog',
};

function roadPhrase(label: string): string {
  const lower = label.toLowerCase();
  if (lower.endsWith('streets')) return lower;
  if (lower.endsWith('road')) return `${lower}s`;
  return `${lower} roads`;
}

/** '14 March 2027': a calendar date, so read and written in UTC. */
const LONG_DATE = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'At this pace: all 100 hours by 14 March 2027'. */
export function paceText(insights: Insights, totalTarget: number): string {
  if (!insights.forecastDate) return 'At this pace: no driving in the last four weeks to forecast from';
  return `At this pace: all ${totalTarget} hours by ${LONG_DATE.format(dateMs(insights.forecastDate))}`;
}

/** 'Not yet practised: unsealed roads, heavy traffic'. */
export function notPractisedText(insights: Insights): string {
  return insights.notPractised.length
    ? `Not yet practised: ${insights.notPractised.join(', ')}`
    : 'Every condition practised';
}
