import { SessionsStyles, styleSheet } from './SessionsStyles';

const CSS = `
.lls-live-slot { margin-bottom: 18px; }
.lls-live-slot:empty { display: none; }
.lls-student-head { display: flex; flex-wrap: wrap; align-items: center; gap: 10px 14px; }
.lls-student-head__name { margin: 0; font-size: 26px; line-height: 1.2; }
.lls-layout { display: grid; gap: 18px; }
@media (min-width: 960px) { .lls-layout { grid-template-columns: minmax(280px, 340px) minmax(0, 1fr); align-items: start; } }
.lls-paper-note { margin: 0; font-size: 13px; color: var(--ll-text-muted); padding: 8px 10px; border-radius: var(--ll-radius-sm); background: var(--ll-surface-muted); }
.lls-side { display: grid; gap: 18px; align-content: start; min-width: 0; }
.lls-live__clock { margin: 0; font-variant-numeric: tabular-nums; }
.lls-live__elapsed { font-size: 40px; font-weight: 700; line-height: 1.1; letter-spacing: .02em; }
.lls-live__seconds { font-size: 22px; font-weight: 600; color: var(--ll-text-muted); }
.lls-live__where { margin: 6px 0 0; font-weight: 600; overflow-wrap: anywhere; }
.lls-live__actions { display: flex; flex-wrap: wrap; gap: 10px; margin-top: 14px; }
.lls-live__actions > * { flex: 1 1 140px; max-width: 280px; }
.ll-card.lls-live--running { border-color: var(--ll-primary); box-shadow: 0 0 0 1px var(--ll-primary); }
.lls-session--struck .lls-session__date, .lls-session--struck .lls-session__route { text-decoration: line-through; }
.lls-session--struck { background: var(--ll-surface-muted); }
.lls-session__change { margin: 6px 0 0; font-size: 14px; overflow-wrap: anywhere; }
.lls-session__actions { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
.lls-summary-cards { display: grid; gap: 10px; grid-template-columns: repeat(2, minmax(0, 1fr)); }
@media (min-width: 720px) { .lls-summary-cards { grid-template-columns: repeat(5, minmax(0, 1fr)); } }
.lls-stat { border: 1px solid var(--ll-border); border-radius: var(--ll-radius); padding: 10px 12px; background: var(--ll-surface); display: grid; gap: 2px; }
.lls-stat__label { font-size: 12px; color: var(--ll-text-muted); }
.lls-stat__value { font-size: 20px; font-weight: 700; }
.lls-stat__note { font-size: 12px; color: var(--ll-text-muted); }
.lls-filters { display: grid; gap: 12px; grid-template-columns: repeat(2, minmax(0, 1fr)); align-items: end; }
@media (min-width: 720px) { .lls-filters { grid-template-columns: repeat(3, minmax(0, 1fr)) auto; } }
.lls-filters > * { min-width: 0; }
.lls-filters .ll-input { width: 100%; min-width: 0; }
.lls-filters__clear { grid-column: 1 / -1; justify-self: start; }
@media (min-width: 720px) { .lls-filters__clear { grid-column: auto; } }
.lls-history { display: grid; gap: 16px; }
.lls-session-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; }
.lls-session { border: 1px solid var(--ll-border); border-radius: var(--ll-radius); padding: 12px 14px; display: grid; gap: 6px; background: var(--ll-surface); }
.lls-session--waiting { border-style: dashed; background: var(--ll-warning-soft); }
.lls-session__top { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center; justify-content: space-between; }
.lls-session__date { font-weight: 600; margin: 0; font-size: 15px; }
.lls-session__meta { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 14px; color: var(--ll-text-muted); margin: 0; }
.lls-session__meta dt { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
.lls-session__meta dd { margin: 0; }
.lls-session__route { font-size: 15px; margin: 0; overflow-wrap: anywhere; }
.lls-progress { display: grid; gap: 14px; }
.lls-progress__figures { display: flex; justify-content: space-between; font-size: 14px; color: var(--ll-text-muted); }
.lls-progress__total { font-size: 28px; font-weight: 700; margin: 0; white-space: nowrap; }
.lls-progress__head { flex-wrap: wrap; gap: 6px 12px; }
.lls-insights { display: grid; gap: 14px; }
.lls-insights__weeks { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px 10px; grid-template-columns: max-content minmax(0, 1fr) max-content; }
.lls-insights__week { display: grid; grid-column: 1 / -1; grid-template-columns: subgrid; align-items: center; font-size: 14px; }
.lls-insights__week-label { color: var(--ll-text-muted); white-space: nowrap; }
.lls-insights__track { height: 10px; border-radius: 999px; background: var(--ll-surface-muted); overflow: hidden; }
.lls-insights__bar { height: 100%; border-radius: inherit; background: var(--ll-primary); min-width: 0; }
.lls-insights__hours { text-align: right; min-width: 3.2em; font-variant-numeric: tabular-nums; font-weight: 600; }
.lls-insights__line { margin: 0; font-size: 15px; line-height: 1.45; display: flex; gap: 8px; align-items: flex-start; }
.lls-insights__line svg { flex: 0 0 auto; margin-top: 2px; color: var(--ll-text-muted); }
.lls-insights__sub { margin: 0 0 10px; font-size: 13px; font-weight: 600; color: var(--ll-text-muted); }
.lls-readiness { border-top: 1px solid var(--ll-border); padding-top: 12px; display: grid; gap: 6px; }
.lls-readiness__title { margin: 0; font-size: 15px; }
.lls-readiness__checks { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; font-size: 14px; overflow-wrap: anywhere; }
.lls-readiness__source { color: var(--ll-text-muted); font-size: 13px; }
`;

/**
 * The panels' rules, with the ones every screen shares: the student's page layout, the running drive, the history,
 * progress, pace and readiness.
 */
export function PanelStyles() {
  return (
    <>
      <SessionsStyles />
      {styleSheet('-panels', CSS)}
    </>
  );
}
