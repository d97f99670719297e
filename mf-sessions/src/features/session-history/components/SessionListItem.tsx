import { ROAD_LABELS, TRAFFIC_LABELS, type RoadConditions, type TrafficConditions } from '@logbook/contracts/constants';
import { formatDisplayDate } from '@logbook/contracts/dates';
import { Badge } from '@logbook/ui/Badge';

export interface SessionListItemProps {
  session: {
    date: string;
    startTime: string;
    endTime: string;
    duration: string;
    startSuburb: string;
    endSuburb: string;
    timeOfDay: string;
    trafficConditions: string;
    roadConditions: string;
    supervisorName: string;
  };
  /** A session still on this device, not yet on the server. */
  waiting?: boolean;
}

export function SessionListItem({ session: s, waiting }: SessionListItemProps) {
  const night = s.timeOfDay === 'night';
  return (
    <li className={waiting ? 'lls-session lls-session--waiting' : 'lls-session'} data-testid="session-item">
      <div className="lls-session__top">
        <p className="lls-session__date">
          {formatDisplayDate(s.date)} · {s.startTime}–{s.endTime}
        </p>
        <span className="lls-row" style={{ justifyContent: 'flex-end', gap: 6 }}>
          {waiting && <Badge variant="warning">Waiting to send</Badge>}
          <Badge variant={night ? 'info' : 'warning'}>{night ? 'Night' : 'Day'}</Badge>
          <Badge variant="outline">{s.duration}</Badge>
        </span>
      </div>
      <p className="lls-session__route">
        {s.startSuburb} → {s.endSuburb}
      </p>
      <dl className="lls-session__meta">
        <dt>Traffic</dt>
        <dd>Traffic: {TRAFFIC_LABELS[s.trafficConditions as TrafficConditions] ?? s.trafficConditions}</dd>
        <dt>Road</dt>
        <dd>Road: {ROAD_LABELS[s.roadConditions as RoadConditions] ?? s.roadConditions}</dd>
        <dt>Supervisor</dt>
        <dd>Supervisor: {s.supervisorName}</dd>
      </dl>
    </li>
  );
}
