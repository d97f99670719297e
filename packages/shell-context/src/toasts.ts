import { useSyncExternalStore, type ReactNode } from 'react';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@logbook/contracts/view';

export type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastAction;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = () => void;

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<Listener>();
const dismissTimers = new Map<string, ReturnType<typeof setTimeout>>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function clearTimers(id: string) {
  clearTimeout(dismissTimers.get(id));
  clearTimeout(removeTimers.get(id));
  dismissTimers.delete(id);
  removeTimers.delete(id);
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      clearTimers(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Hides a toast (or every toast); it is dropped from memory after the removal delay, once it has faded out. */
export function dismissToast(id?: string) {
  const ids = id ? [id] : toasts.map((t) => t.id);
  for (const each of ids) {
    clearTimeout(dismissTimers.get(each));
    dismissTimers.delete(each);
    scheduleRemoval(each);
  }
  emit(toasts.map((t) => (ids.includes(t.id) ? { ...t, open: false } : t)));
}

/** Shows a toast for TOAST_DURATION_MS; a newer toast replaces the visible one (TOAST_LIMIT is 1). */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const next = [{ ...input, id, open: true }, ...toasts];
  for (const dropped of next.slice(TOAST_LIMIT)) clearTimers(dropped.id);
  emit(next.slice(0, TOAST_LIMIT));
  dismissTimers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_DURATION_MS),
  );
  return { id, dismiss: () => dismissToast(id) };
}

export function getToasts(): ToastItem[] {
  return toasts;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current toasts, for the one Toaster the shell renders (ui's Toaster). */
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribeToasts, getToasts, getToasts);
}

/** Test helper: forget every toast and timer. */
export function resetToasts() {
  for (const id of [...dismissTimers.keys(), ...removeTimers.keys()]) clearTimers(id);
  emit([]);
}
