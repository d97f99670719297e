/** Layout rules of this remote, on top of the shared design system; React hoists one copy into <head>. */
const CSS = `
.lls-root { min-height: 100%; }
.lls-header { background: var(--ll-surface); border-bottom: 1px solid var(--ll-border); }
.lls-header__inner { max-width: var(--ll-page-width); margin: 0 auto; padding: 12px 16px; display: flex; align-items: center; justify-content: space-between; gap: 12px; }
.lls-header__brand { display: inline-flex; align-items: center; gap: 10px; font-weight: 700; font-size: 18px; color: var(--ll-text); text-decoration: none; }
.lls-row { display: flex; flex-wrap: wrap; gap: 10px; justify-content: center; }
.lls-form { display: grid; gap: 18px; }
.lls-fieldset { border: 0; margin: 0; padding: 0; min-width: 0; display: grid; gap: 18px; }
.lls-fields { display: grid; gap: 16px; grid-template-columns: 1fr; align-items: start; }
@media (min-width: 640px) {
  .lls-fields--2, .lls-fields--4 { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .lls-fields--3 { grid-template-columns: repeat(3, minmax(0, 1fr)); }
}
@media (min-width: 960px) { .lls-fields--4 { grid-template-columns: repeat(4, minmax(0, 1fr)); } }
.lls-live-slot { margin-bottom: 18px; }
.lls-readiness { border-top: 1px solid var(--ll-border); padding-top: 12px; display: grid; gap: 6px; }
.lls-readiness__title { margin: 0; font-size: 15px; }
.lls-readiness__checks { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; font-size: 14px; overflow-wrap: anywhere; }
.lls-readiness__source { color: var(--ll-text-muted); font-size: 13px; }
.lls-reason { min-height: 80px; resize: vertical; width: 100%; }
.lls-live-slot:empty { display: none; }
.lls-live__clock { margin: 0; font-variant-numeric: tabular-nums; }
.lls-live__elapsed { font-size: 40px; font-weight: 700; line-height: 1.1; letter-spacing: .02em; }
.lls-live__seconds { font-size: 22px; font-weight: 600; color: var(--ll-text-muted); }
.lls-live__where { margin: 6px 0 0; font-weight: 600; overflow-wrap: anywhere; }
.lls-live__note { margin: 4px 0 0; color: var(--ll-text-muted); font-size: 14px; }
.lls-live__actions { display: flex; flex-wrap: wrap; gap: 10px; margin-top: 14px; }
.lls-live__actions > * { flex: 1 1 140px; max-width: 280px; }
.ll-card.lls-live--running { border-color: var(--ll-primary); box-shadow: 0 0 0 1px var(--ll-primary); }
.lls-split { display: grid; gap: 10px; border: 0; margin: 0; padding: 0; min-width: 0; }
.lls-split__option { display: flex; gap: 10px; align-items: flex-start; padding: 12px; border: 1px solid var(--ll-border); border-radius: var(--ll-radius); cursor: pointer; }
.lls-split__option input { margin-top: 3px; width: 18px; height: 18px; flex: 0 0 auto; }
.lls-split__option:has(input:checked) { border-color: var(--ll-primary); background: var(--ll-surface-muted); }
.lls-check { display: flex; gap: 10px; align-items: center; min-height: 24px; }
.lls-check input { width: 18px; height: 18px; flex: 0 0 auto; }
.lls-supervisor-choice { display: grid; gap: 8px; border: 0; margin: 0 0 14px; padding: 0; min-width: 0; }
.lls-supervisor-choice legend { font-weight: 600; margin-bottom: 6px; padding: 0; }
.lls-session--struck .lls-session__date, .lls-session--struck .lls-session__route { text-decoration: line-through; }
.lls-session--struck { background: var(--ll-surface-muted); }
.lls-session__change { margin: 6px 0 0; font-size: 14px; overflow-wrap: anywhere; }
.lls-session__actions { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
.lls-input-row { display: flex; gap: 8px; align-items: stretch; }
.lls-input-row > .ll-input { flex: 1 1 auto; min-width: 0; }
.lls-locate { flex: 0 0 auto; gap: 6px; }
@media (max-width: 400px) { .lls-locate__text { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); } }
.lls-steps { display: grid; gap: 6px; }
.lls-steps__label { margin: 0; font-size: 13px; font-weight: 600; color: var(--ll-text-muted); }
.lls-signature { display: grid; gap: 14px; }
@media (min-width: 720px) { .lls-signature--with-aside { grid-template-columns: 200px minmax(0, 1fr); align-items: start; } }
.lls-signature__aside { display: grid; gap: 2px; padding: 12px 14px; border-radius: var(--ll-radius); background: var(--ll-surface-muted); }
.lls-signature__who { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: var(--ll-text-muted); }
.lls-signature__name { font-weight: 600; font-size: 16px; overflow-wrap: anywhere; }
.lls-signature__pad { max-width: 520px; width: 100%; }
.lls-actions { display: flex; flex-wrap: wrap; gap: 10px; justify-content: space-between; align-items: center; padding-top: 4px; }
.lls-actions__end { display: flex; flex-wrap: wrap; gap: 10px; margin-left: auto; }
@media (max-width: 480px) {
  .lls-actions { flex-direction: column-reverse; align-items: stretch; }
  .lls-actions__end { flex-direction: column-reverse; margin-left: 0; }
  .lls-actions .ll-btn { width: 100%; justify-content: center; }
}
.lls-screen-message { padding: 12px; }
.lls-student-head { display: flex; flex-wrap: wrap; align-items: center; gap: 10px 14px; }
.lls-student-head__name { margin: 0; font-size: 26px; line-height: 1.2; }
.lls-layout { display: grid; gap: 18px; }
@media (min-width: 960px) { .lls-layout { grid-template-columns: minmax(280px, 340px) minmax(0, 1fr); align-items: start; } }
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
.lls-sky:empty { display: none; }
.lls-sky { margin-top: 14px; }
.lls-sky__box { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; padding: 10px 12px; border-radius: var(--ll-radius); border: 1px solid var(--ll-border); background: var(--ll-accent-soft); }
.lls-sky__box--night { background: var(--ll-primary-soft); }
.lls-sky__icon { flex: 0 0 auto; color: #b45309; }
.lls-sky__box--night .lls-sky__icon { color: var(--ll-night); }
.lls-sky__text { flex: 1 1 220px; margin: 0; font-size: 14px; line-height: 1.45; }
.lls-sky__use { flex: 0 0 auto; }
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
.lls-paper-note { margin: 0; font-size: 13px; color: var(--ll-text-muted); padding: 8px 10px; border-radius: var(--ll-radius-sm); background: var(--ll-surface-muted); }
.lls-side { display: grid; gap: 18px; align-content: start; min-width: 0; }
`;

export function SessionsStyles() {
  return (
    <style href="learner-logbook-sessions" precedence="default">
      {CSS}
    </style>
  );
}
