// Figures of the contracts that screens read as they draw, kept apart from the schemas built on them so a screen reads
// them without the validation library.

/** Hours a family logged on paper before they started using the app (issue 12, paper hours). */
export const MAX_OPENING_BALANCE_HOURS = 200;
export const MAX_OPENING_BALANCE_NOTE = 500;
