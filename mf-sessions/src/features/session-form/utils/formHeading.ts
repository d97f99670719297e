import type { LoadedDraft } from './sessionFormState';

export interface FormHeadingOf {
  correcting: boolean;
  draft: LoadedDraft | undefined;
  fromDrive: boolean;
}

function formatSavedAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
}

/** What the form is for: a correction, a draft being edited, a drive just ended, or a new session. */
export function formTitle({ correcting, draft, fromDrive }: FormHeadingOf): string {
  if (correcting) return 'Correct a Session';
  if (draft) return 'Edit Draft Session';
  return fromDrive ? 'Finish Your Drive' : 'New Driving Session';
}

export function formSubtitle({ correcting, draft }: FormHeadingOf): string | undefined {
  if (correcting)
    return 'The corrected session replaces the one logged; the original stays in the log book, struck out with your reason.';
  return draft?.savedAt ? `Editing draft saved on ${formatSavedAt(draft.savedAt)}` : undefined;
}
