import type { HistoryFigures } from '../utils/historyFigures';
import { hoursText } from '../utils/historyFigures';

export interface SummaryCardsProps {
  figures: HistoryFigures;
  /** Hours still needed against the real total target, once the summary has loaded. */
  remaining?: { hours: number; target: number };
  filtered: boolean;
}

export function SummaryCards({ figures, remaining, filtered }: SummaryCardsProps) {
  const scope = filtered ? 'matching the filters' : 'all logged';
  const cards = [
    { label: 'Sessions', value: String(figures.sessionCount), note: scope },
    { label: 'Total Hours', value: hoursText(figures.totalHours), note: scope },
    { label: 'Day Hours', value: hoursText(figures.dayHours), note: scope },
    { label: 'Night Hours', value: hoursText(figures.nightHours), note: scope },
    {
      label: 'Hours Remaining',
      value: remaining ? hoursText(remaining.hours) : '…',
      note: remaining ? `of the ${remaining.target}h target` : 'loading the target',
    },
  ];
  return (
    <ul className="lls-summary-cards" aria-label="Session summary" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {cards.map((c) => (
        <li key={c.label} className="lls-stat" data-testid={`summary-${c.label.toLowerCase().replace(/ /g, '-')}`}>
          <span className="lls-stat__label">{c.label}</span>
          <span className="lls-stat__value">{c.value}</span>
          <span className="lls-stat__note">{c.note}</span>
        </li>
      ))}
    </ul>
  );
}
