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
import { memo, type ReactElement } from 'react';
import { Badge, Button } from '@logbook/ui/shared';
import type { HistoryEntry, SessionChangeFields } from '../../../lib/sessionHistory';

/** The car of an entry, when it was given (older entries and most states' have none). */
export type SessionVehicleFields = Partial<Pick<HistoryEntry, 'vehicleRegistration' | 'odometerStart' | 'odometerEnd'>>;

export type ListedSession = ListedTextFields & SessionChangeFields;

export interface SessionListItemProps<S extends ListedSession = ListedSession> {
  session: S;
  /** A session still on this device, not yet on the server. */
  waiting?: boolean;
  /** A parent's view: which guardian logged the entry, where it says (entries logged before say nothing). */
  showLoggedBy?: boolean;
  /** Correct and Remove, offered (to parents) on an entry in force; called with the entry. */
  onCorrect?: (session: S) => void;
  onRemove?: (session: S) => void;
  /** Resend and Cancel, offered (to parents) on an entry awaiting its supervisor's signature. */
  onSignOff?: (session: S, action: 'resend' | 'cancel') => void;
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
  showLoggedBy,
  onCorrect,
  onRemove,
  onSignOff,
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
        <dt>Traffic</dt>
        <dd>Traffic: {TRAFFIC_LABELS[s.trafficConditions as TrafficConditions] ?? s.trafficConditions}</dd>
        <dt>Road</dt>
        <dd>Road: {ROAD_LABELS[s.roadConditions as RoadConditions] ?? s.roadConditions}</dd>
        <dt>Weather</dt>
        <dd>Weather: {weatherText(s.weatherConditions)}</dd>
        <dt>Supervisor</dt>
        <dd>
          Supervisor: {s.supervisorName}
          {s.supervisorIsInstructor ? ' (driving instructor)' : ''}
        </dd>
      </dl>
      {showLoggedBy && s.loggedBy && (
        <p className="lls-session__change" data-testid="session-logged-by">
          Logged by {s.loggedBy}
        </p>
      )}
      {signOffNote && (
        <p className="lls-session__change" data-testid="session-sign-off">
          {signOffNote}
        </p>
      )}
      {awaiting && onSignOff && (
        <div className="lls-session__actions">
          <Button
            variant="outline"
            size="sm"
            onClick={() => onSignOff(s, 'resend')}
            aria-label={`Resend the link for the session of ${when}`}
          >
            Resend
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onSignOff(s, 'cancel')}
            aria-label={`Cancel the request for the session of ${when}`}
          >
            Cancel
          </Button>
        </div>
      )}
      {struck && (
        <p className="lls-session__change" data-testid="session-change">
          <strong>{s.status === 'removed' ? 'Removed' : 'Corrected'}</strong>
          {s.changedAt ? ` on ${changedAtText(s.changedAt)}` : ''}
          {s.changeReason ? `: ${s.changeReason}` : ''}
        </p>
      )}
      {!struck && !waiting && !awaiting && !declined && (onCorrect || onRemove) && (
        <div className="lls-session__actions">
          {onCorrect && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => onCorrect(s)}
              aria-label={`Correct the session of ${when}`}
            >
              Correct
            </Button>
          )}
          {onRemove && (
            <Button variant="ghost" size="sm" onClick={() => onRemove(s)} aria-label={`Remove the session of ${when}`}>
              Remove
            </Button>
          )}
        </div>
      )}
    </li>
  );
}) as <S extends ListedSession>(props: SessionListItemProps<S>) => ReactElement;
