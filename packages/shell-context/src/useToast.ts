import { dismissToast, toast } from '@logbook/ui/lib/toastStore';

/** Toasts from any front end appear in the shell's one Toaster (the ui package is a shared singleton). */
export function useToast() {
  return { toast, dismiss: dismissToast };
}
