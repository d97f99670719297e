import { BADGE_THRESHOLDS, DEFAULT_SETTINGS, PROGRESS_BADGES, type ProgressBadge, type TimeOfDay } from './constants';
import { hoursFromDuration, roundToTenth } from './duration';

export interface TargetHours {
  day: number;
  night: number;
}

export interface Progress {
  dayHours: number;
  nightHours: number;
  totalHours: number;
  targets: { day: number; night: number; total: number };
  percent: { day: number; night: number; total: number };
  remaining: { day: number; night: number; total: number };
  badge: ProgressBadge;
  sessionCount: number;
}

export const DEFAULT_TARGETS: TargetHours = {
  day: DEFAULT_SETTINGS.dayTimeTargetHours,
  night: DEFAULT_SETTINGS.nightTimeTargetHours,
};

/** Percentage of a target reached, capped at 100; a target of 0 is met from the start. */
export function percentOf(hours: number, target: number): number {
  if (target <= 0) return 100;
  return Math.min(100, roundToTenth((hours / target) * 100));
}

export function badgeFor(totalPercent: number): ProgressBadge {
  if (totalPercent >= BADGE_THRESHOLDS.complete) return PROGRESS_BADGES.complete;
  if (totalPercent >= BADGE_THRESHOLDS.almostThere) return PROGRESS_BADGES.almostThere;
  if (totalPercent >= BADGE_THRESHOLDS.halfway) return PROGRESS_BADGES.halfway;
  return PROGRESS_BADGES.gettingStarted;
}

/** Progress toward the targets; the total target is always day plus night. Extra hours of one kind never count for the other. */
export function computeProgress(
  sessions: ReadonlyArray<{ duration: string; timeOfDay: TimeOfDay | string }>,
  targets: TargetHours = DEFAULT_TARGETS,
  extra: { dayHours?: number; nightHours?: number } = {},
): Progress {
  let day = extra.dayHours ?? 0;
  let night = extra.nightHours ?? 0;
  for (const s of sessions) {
    const h = hoursFromDuration(s.duration);
    if (s.timeOfDay === 'night') night += h;
    else if (s.timeOfDay === 'day') day += h;
  }
  const dayHours = roundToTenth(day);
  const nightHours = roundToTenth(night);
  const totalHours = roundToTenth(day + night);
  const total = targets.day + targets.night;
  const percent = {
    day: percentOf(dayHours, targets.day),
    night: percentOf(nightHours, targets.night),
    total: percentOf(totalHours, total),
  };
  return {
    dayHours,
    nightHours,
    totalHours,
    targets: { day: targets.day, night: targets.night, total },
    percent,
    remaining: {
      day: roundToTenth(Math.max(0, targets.day - dayHours)),
      night: roundToTenth(Math.max(0, targets.night - nightHours)),
      total: roundToTenth(Math.max(0, total - totalHours)),
    },
    badge: badgeFor(percent.total),
    sessionCount: sessions.length,
  };
}

/** Targets from the settings list the API returns ([{ key, value }]), with the defaults for anything missing or bad. */
export function targetsFromSettings(
  settings: ReadonlyArray<{ key: string; value: string | number }> | undefined,
): TargetHours {
  const read = (key: string, fallback: number) => {
    const found = settings?.find((s) => s.key === key);
    const n = found ? Number.parseInt(String(found.value), 10) : NaN;
    return Number.isInteger(n) && n >= 0 && n <= 200 ? n : fallback;
  };
  return {
    day: read('dayTimeTargetHours', DEFAULT_TARGETS.day),
    night: read('nightTimeTargetHours', DEFAULT_TARGETS.night),
  };
}
