import { DRAFTS_STORAGE_KEY, formDraftStorageKey } from '@logbook/contracts/constants';
import { draftSessionSchema, type DraftSession } from '@logbook/contracts/schemas';
import { accountStorage } from '@logbook/shell-context/deviceAccount';

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function readRawList(storage: DraftStorage): unknown[] {
  const raw = storage.getItem(DRAFTS_STORAGE_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

const idOf = (entry: unknown): unknown =>
  entry && typeof entry === 'object' && 'id' in entry ? (entry as { id: unknown }).id : undefined;

/** The readable drafts of one student from the signed-in account's `draftSessions` list, most recently saved first; others are skipped. */
export function readStudentDrafts(studentId: number, storage: DraftStorage = accountStorage()): DraftSession[] {
  const drafts: DraftSession[] = [];
  for (const entry of readRawList(storage)) {
    const parsed = draftSessionSchema.safeParse(entry);
    if (parsed.success && String(parsed.data.studentId) === String(studentId)) drafts.push(parsed.data);
  }
  return drafts.sort((a, b) => b.lastSaved.localeCompare(a.lastSaved));
}

/**
 * Removes one draft from the list, leaving every other entry (even ones this code cannot read) as it was, and the
 * student's in-progress form draft too when it was editing this draft, so the form does not bring it back.
 * Throws when the browser refuses to write.
 */
export function deleteDraft(draftId: string, studentId: number, storage: DraftStorage = accountStorage()): void {
  const list = readRawList(storage);
  const kept = list.filter((entry) => idOf(entry) !== draftId);
  if (kept.length !== list.length) storage.setItem(DRAFTS_STORAGE_KEY, JSON.stringify(kept));

  const formKey = formDraftStorageKey(studentId);
  const formDraft = storage.getItem(formKey);
  if (!formDraft) return;
  try {
    const parsed: unknown = JSON.parse(formDraft);
    if (parsed && typeof parsed === 'object' && (parsed as { draftId?: unknown }).draftId === draftId) {
      storage.removeItem(formKey);
    }
  } catch {
    // Not ours to judge: an unreadable form draft is left for the session form.
  }
}
