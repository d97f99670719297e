import { dismissToast, toast } from './toasts';

/** compat: until 1.4. Remotes of release 1.2 take their toasts through this hook; `toast` is the one way now. */
export function useToast() {
  return { toast, dismiss: dismissToast };
}
