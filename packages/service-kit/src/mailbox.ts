import crypto from 'node:crypto';

/** Providers that deliver every dotted spelling of a local part, and their other domain names, to one mailbox. */
const DOTS_IGNORED = new Set(['gmail.com', 'googlemail.com']);
const SAME_PROVIDER: Record<string, string> = { 'googlemail.com': 'gmail.com' };

/**
 * An address as the mailbox that receives it: case and spaces dropped, a `+tag` dropped, and the provider's own dot
 * rules applied, so `Pat.Lee+1@GoogleMail.com` and `patlee@gmail.com` are one mailbox.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase().replace(/\s+/g, '');
  const at = address.lastIndexOf('@');
  if (at < 1) return address;
  let local = address.slice(0, at).replace(/\+.*$/, '');
  const rawDomain = address.slice(at + 1);
  if (DOTS_IGNORED.has(rawDomain)) local = local.replace(/\./g, '');
  const domain = SAME_PROVIDER[rawDomain] ?? rawDomain;
  return `${local}@${domain}`;
}

/** A mailbox kept by what it is without keeping the address: the SHA-256 of `mailboxOf`. */
export const mailboxKey = (email: string): string => crypto.createHash('sha256').update(mailboxOf(email)).digest('hex');
