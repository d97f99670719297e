import {
  ROAD_LABELS,
  TRAFFIC_LABELS,
  WEATHER_LABELS,
  type RoadConditions,
  type TrafficConditions,
  type WeatherConditions,
  formatDisplayDate,
} from '@logbook/contracts/view';
import type { ListedTextFields } from '@logbook/contracts/view';
import { Fragment, memo, type ReactElement } from 'react';
import { Badge, Button } from '@logbook/ui/shared';
import type { HistoryEntry, SessionChangeFields } from '../../../lib/sessionHistory';

/** The car of an entry, when it was given (older entries and most states' have none). */
export type SessionVehicleFields = Partial<Pick<HistoryEntry, 'vehicleRegistration' | 'odometerStart' | 'odometerEnd'>>;

export type ListedSession = ListedTextFields & SessionChangeFields;

/** Correct and Remove for an entry in force; Resend and Cancel for one awaiting its supervisor's signature. */
export type EntryAction = 'correct' | 'remove' | 'resend' | 'cancel';

const ACTIONS: Record<EntryAction, { label: string; variant: 'outline' | 'ghost'; names: string }> = {
  correct: { label: 'Correct', variant: 'outline', names: 'Correct the session of' },
  remove: { label: 'Remove', variant: 'ghost', names: 'Remove the session of' },
  resend: { label: 'Resend', variant: 'outline', names: 'Resend the link for the session of' },
  cancel: { label: 'Cancel', variant: 'ghost', names: 'Cancel the request for the session of' },
};

export interface SessionListItemProps<S extends ListedSession = ListedSession> {
  session: S;
  /** A session still on this device, not yet on the server. */
  waiting?: boolean;
  /**
   * A parent's view: the entry's actions, called with the entry, and which guardian logged it, where it says (entries
   * logged before say nothing).
   */
  onAction?: (session: S, action: EntryAction) => void;
}

/** 'Not recorded' for sessions logged before the weather was asked. */
function weatherText(weather: string | null | undefined): string {
  if (!weather) return 'Not recorded';
  return WEATHER_LABELS[weather as WeatherConditions] ?? weather;
}

/** The car's line, under the route (styled here: the new-session screen carries the shared styles). */
const VEHICLE_STYLE = { fontSize: 14, marginTop: 2 } as const;

/** "S123ABC · 23 km" (the distance the odometer readings make), or '' when the entry names no car. */
export function vehicleText({ vehicleRegistration, odometerStart, odometerEnd }: SessionVehicleFields): string {
  const parts: string[] = [];
  if (vehicleRegistration) parts.push(vehicleRegistration);
  if (typeof odometerStart === 'number' && typeof odometerEnd === 'number') {
    parts.push(`${odometerEnd - odometerStart} km`);
  } else if (typeof odometerStart === 'number' || typeof odometerEnd === 'number') {
    parts.push(`odometer ${odometerStart ?? odometerEnd} km`);
  }
  return parts.join(' · ');
}

function changedAtText(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * One entry of the history. Memoised: a long history is drawn once, not again each time the panel's state moves
 * (revalidation, the outbox's count), so the handlers it takes are stable and receive the entry.
 */
export const SessionListItem = memo(function SessionListItem<S extends ListedSession>({
  session: s,
  waiting,
  onAction,
}: SessionListItemProps<S>) {
  const night = s.timeOfDay === 'night';
  const awaiting = s.status === 'awaiting';
  const declined = s.status === 'declined';
  const struck = s.status === 'superseded' || s.status === 'removed';
  const signedAt = s.signedAt ?? s.signOff?.signedAt;
  // Asked of the supervisor on their own phone: still awaited, declined (with why), or signed (with when).
  const signOffNote = awaiting
    ? `Awaiting ${s.supervisorName}'s signature`
    : declined
      ? `Declined by ${s.supervisorName}: ${s.signOff?.declineReason ?? ''}`
      : signedAt && `Signed remotely ${changedAtText(signedAt)}`;
  const when = `${formatDisplayDate(s.date)} ${s.startTime}`;
  const vehicle = vehicleText(s);
  const actions: EntryAction[] =
    !onAction || struck || waiting || declined ? [] : awaiting ? ['resend', 'cancel'] : ['correct', 'remove'];
  const meta = [
    { term: 'Traffic', text: TRAFFIC_LABELS[s.trafficConditions as TrafficConditions] ?? s.trafficConditions },
    { term: 'Road', text: ROAD_LABELS[s.roadConditions as RoadConditions] ?? s.roadConditions },
    { term: 'Weather', text: weatherText(s.weatherConditions) },
    { term: 'Supervisor', text: s.supervisorName + (s.supervisorIsInstructor ? ' (driving instructor)' : '') },
  ];
  const classes = ['lls-session', waiting && 'lls-session--waiting', (struck || declined) && 'lls-session--struck']
    .filter(Boolean)
    .join(' ');
  return (
    <li className={classes} data-testid="session-item" data-status={s.status ?? undefined}>
      <div className="lls-session__top">
        <p className="lls-session__date">
          {struck && <span className="ll-visually-hidden">{s.status === 'removed' ? 'Removed: ' : 'Corrected: '}</span>}
          {formatDisplayDate(s.date)} · {s.startTime}–{s.endTime}
        </p>
        <span className="lls-row" style={{ justifyContent: 'flex-end', gap: 6 }}>
          {waiting && <Badge variant="warning">Waiting to send</Badge>}
          {s.status === 'superseded' && <Badge variant="outline">Corrected</Badge>}
          {s.status === 'removed' && <Badge variant="destructive">Removed</Badge>}
          {s.correctionOf ? <Badge variant="success">Correction</Badge> : null}
          <Badge variant={night ? 'info' : 'warning'}>{night ? 'Night' : 'Day'}</Badge>
          <Badge variant="outline">{s.duration}</Badge>
        </span>
      </div>
      <p className="lls-session__route">
        {s.startSuburb} → {s.endSuburb}
      </p>
      {vehicle && (
        <p className="lls-session__route" style={VEHICLE_STYLE} data-testid="session-vehicle">
          Vehicle: {vehicle}
        </p>
      )}
      <dl className="lls-session__meta">
        {meta.map(({ term, text }) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>
              {term}: {text}
            </dd>
          </Fragment>
        ))}
      </dl>
      {onAction && s.loggedBy && (
        <p className="lls-session__change" data-testid="session-logged-by">
          Logged by {s.loggedBy}
        </p>
      )}
      {signOffNote && (
        <p className="lls-session__change" data-testid="session-sign-off">
          {signOffNote}
        </p>
      )}
      {struck && (
        <p className="lls-session__change" data-testid="session-change">
          <strong>{s.status === 'removed' ? 'Removed' : 'Corrected'}</strong>
          {s.changedAt ? ` on ${changedAtText(s.changedAt)}` : ''}
          {s.changeReason ? `: ${s.changeReason}` : ''}
        </p>
      )}
      {actions.length > 0 && (
        <div className="lls-session__actions">
          {actions.map((action) => (
            <Button
              key={action}
              variant={ACTIONS[action].variant}
              size="sm"
              onClick={() => onAction?.(s, action)}
              aria-label={`${ACTIONS[action].names} ${when}`}
            >
              {ACTIONS[action].label}
            </Button>
          ))}
        </div>
      )}
    </li>
  );
}) as <S extends ListedSession>(props: SessionListItemProps<S>) => ReactElement;
