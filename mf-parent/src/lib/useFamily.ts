import useSWR from 'swr';
import { apiFetch } from '@logbook/shell-context/shared';
import { familyAnswer, type Family, type Guardian } from '@logbook/contracts/view';
import { FAMILY_KEY } from './apiKeys';

/** GET /api/family: the Account screen lists it; the subscription screen reads who holds the subscription from it. */
export function useFamily() {
  return useSWR<Family>(FAMILY_KEY, (key: string) => apiFetch(key, familyAnswer));
}

/** The guardian who holds the subscription, and whether it is the one asking; undefined until the family is known. */
export function billingOwnerOf(family: Family | undefined): { owner?: Guardian; isYou: boolean } | undefined {
  if (!family) return undefined;
  const owner = family.guardians.find((g) => g.billingOwner);
  // A family without a recorded holder: billing refuses nobody.
  return { owner, isYou: !owner || owner.you };
}

/** What the subscription screen may offer: the card, cancelling and resuming, or only who holds them. */
export interface BillingHolder {
  mayManage: boolean;
  /** The holder's email, when it is another guardian. */
  heldBy?: string;
}

/**
 * Whether the guardian asking holds the subscription. Until the family is known nothing owner-only is offered; if it
 * cannot be known, everything is (the server still refuses anyone else).
 */
export function useBillingHolder(): BillingHolder {
  const { data: family, error } = useFamily();
  const found = billingOwnerOf(family);
  if (!found) return { mayManage: Boolean(error) };
  if (found.isYou) return { mayManage: true };
  return { mayManage: false, ...(found.owner ? { heldBy: found.owner.email } : {}) };
}
