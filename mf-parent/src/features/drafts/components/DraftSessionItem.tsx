import { Link, paths } from '@logbook/shell-context/shared';
import { Badge, buttonClass } from '@logbook/ui/shared';
import type { StoredDraft } from '@logbook/session-device/drafts';
import { DeleteIcon, MoonIcon, SunIcon } from '../../../lib/icons';
import {
  draftDateText,
  draftRouteText,
  draftTimeText,
  draftWeatherText,
  lastSavedText,
  lightLabel,
} from '../utils/draftDisplay';

export interface DraftSessionItemProps {
  draft: StoredDraft;
  onDelete: (draft: StoredDraft) => void;
}

/** One saved draft: when, where, day or night, and what the server said if it refused it. */
export function DraftSessionItem({ draft, onDelete }: DraftSessionItemProps) {
  const light = lightLabel(draft.timeOfDay);
  const date = draftDateText(draft.date);
  return (
    <li className="pp-draft" data-testid="draft-session">
      <div className="pp-draft__main">
        <div className="pp-draft__top">
          <strong>{draft.studentName || 'Draft session'}</strong>
          {light && (
            <Badge variant={draft.timeOfDay === 'night' ? 'info' : 'warning'}>
              {draft.timeOfDay === 'night' ? <MoonIcon /> : <SunIcon />}
              {light}
            </Badge>
          )}
        </div>
        <p className="pp-draft__line">
          <span>{date}</span>
          <span aria-hidden="true"> · </span>
          <span data-testid="draft-times">{draftTimeText(draft)}</span>
        </p>
        <p className="pp-draft__line pp-panel__muted">
          <span className="ll-visually-hidden">Route: </span>
          {draftRouteText(draft)}
        </p>
        <p className="pp-draft__line pp-panel__muted" data-testid="draft-weather">
          Weather: {draftWeatherText(draft.weatherConditions)}
        </p>
        <p className="pp-draft__saved pp-panel__muted">Last saved {lastSavedText(draft.lastSaved)}</p>
        {draft.serverMessage && (
          <p className="pp-draft__refused" role="note" data-testid="draft-server-message">
            <strong>Not accepted: </strong>
            {draft.serverMessage}
          </p>
        )}
      </div>
      <div className="pp-draft__actions">
        <Link
          to={paths.newSession(draft.studentId, draft.id)}
          className={buttonClass('outline', 'sm')}
          aria-label={`Edit draft from ${date}`}
        >
          Edit
        </Link>
        <button
          type="button"
          className={buttonClass('ghost', 'sm', 'pp-draft__delete')}
          onClick={() => onDelete(draft)}
          aria-label={`Delete draft from ${date}`}
        >
          <DeleteIcon />
          Delete
        </button>
      </div>
    </li>
  );
}
