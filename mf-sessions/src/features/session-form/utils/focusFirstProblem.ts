/** Brings the first field with something to fix (or an unsigned signature pad) into view, focused. */
export function focusFirstProblem() {
  requestAnimationFrame(() => {
    const target =
      document.querySelector<HTMLElement>('.lls-form [aria-invalid="true"]') ??
      document.querySelector<HTMLElement>('.lls-form .ll-signature--invalid canvas');
    if (!target) return;
    // Older engines (and test DOMs) lack scrollIntoView options; focusing still brings the field into view.
    if (typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
  });
}

/** True when no field has a message. */
export const noProblems = (problems: Partial<Record<string, string | undefined>>) =>
  Object.values(problems).every((message) => !message);
