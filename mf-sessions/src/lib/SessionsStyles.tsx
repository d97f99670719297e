/** Layout rules of this remote, on top of the shared design system; React hoists one copy into <head>. */
const CSS = `
.lls-root { min-height: 100%; }
.lls-header { background: var(--ll-surface); border-bottom: 1px solid var(--ll-border); }
.lls-header__inner { max-width: var(--ll-page-width); margin: 0 auto; padding: 12px 16px; display: flex; align-items: center; justify-content: space-between; gap: 12px; }
.lls-header__brand { display: inline-flex; align-items: center; gap: 10px; font-weight: 700; font-size: 18px; color: var(--ll-text); text-decoration: none; }
.lls-header__brand svg { flex-shrink: 0; }
.lls-row { display: flex; flex-wrap: wrap; gap: 10px; justify-content: center; }
.lls-fields { display: grid; gap: 16px; grid-template-columns: 1fr; align-items: start; }
@media (min-width: 640px) {
  .lls-fields--2, .lls-fields--4 { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .lls-fields--3 { grid-template-columns: repeat(3, minmax(0, 1fr)); }
}
@media (min-width: 960px) { .lls-fields--4 { grid-template-columns: repeat(4, minmax(0, 1fr)); } }
.lls-reason { min-height: 80px; resize: vertical; width: 100%; }
.lls-live__note { margin: 4px 0 0; color: var(--ll-text-muted); font-size: 14px; }
.lls-screen-message { padding: 12px; }
`;

/**
 * A block of this remote's layout rules, hoisted once into <head> under its name: the form's and the panels' rules are
 * blocks of their own, so a screen fetches only the rules of what it shows.
 */
export function styleSheet(name: string, css: string) {
  return (
    <style href={`learner-logbook-sessions${name}`} precedence="default">
      {css}
    </style>
  );
}

/** The rules every screen and widget of this remote shares: the page, its header, fields side by side, messages and notes. */
export function SessionsStyles() {
  return styleSheet('', CSS);
}
