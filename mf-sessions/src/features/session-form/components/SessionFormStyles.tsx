import { styleSheet } from '../../../lib/SessionsStyles';

const CSS = `
.lls-form { display: grid; gap: 18px; }
.lls-fieldset { border: 0; margin: 0; padding: 0; min-width: 0; display: grid; gap: 18px; }
.lls-split { display: grid; gap: 10px; border: 0; margin: 0; padding: 0; min-width: 0; }
.lls-split__option { display: flex; gap: 10px; align-items: flex-start; padding: 12px; border: 1px solid var(--ll-border); border-radius: var(--ll-radius); cursor: pointer; }
.lls-split__option input { margin-top: 3px; width: 18px; height: 18px; flex: 0 0 auto; }
.lls-split__option:has(input:checked) { border-color: var(--ll-primary); background: var(--ll-surface-muted); }
.lls-check { display: flex; gap: 10px; align-items: center; min-height: 24px; }
.lls-check input { width: 18px; height: 18px; flex: 0 0 auto; }
.lls-supervisor-choice { display: grid; gap: 8px; border: 0; margin: 0 0 14px; padding: 0; min-width: 0; }
.lls-supervisor-choice legend { font-weight: 600; margin-bottom: 6px; padding: 0; }
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
.lls-sky:empty { display: none; }
.lls-sky { margin-top: 14px; }
.lls-sky__box { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; padding: 10px 12px; border-radius: var(--ll-radius); border: 1px solid var(--ll-border); background: var(--ll-accent-soft); }
.lls-sky__box--night { background: var(--ll-primary-soft); }
.lls-sky__icon { flex: 0 0 auto; color: #b45309; }
.lls-sky__box--night .lls-sky__icon { color: var(--ll-night); }
.lls-sky__text { flex: 1 1 220px; margin: 0; font-size: 14px; line-height: 1.45; }
.lls-sky__use { flex: 0 0 auto; }
`;

/** The session form's layout: its cards' fields, the drive split, the supervisor's choice, signatures, actions and the sun's suggestion. */
export function SessionFormStyles() {
  return styleSheet('-form', CSS);
}
