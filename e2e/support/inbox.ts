/** An email as the local inbox (MailDev) keeps it. */
export interface InboxEmail {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  to: Array<{ address: string; name?: string }>;
  time: string;
}

/** Every email the local inbox holds for one address, oldest first (MailDev's HTTP API). */
async function emailsTo(inboxUrl: string, address: string): Promise<InboxEmail[]> {
  const res = await fetch(`${inboxUrl.replace(/\/$/, '')}/api/email`);
  if (!res.ok) throw new Error(`The inbox answered ${res.status}`);
  const all = (await res.json()) as InboxEmail[];
  return all.filter((email) => email.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** Waits for an email to the address that `match` accepts (sending is queued, so it may take a moment). */
export async function waitForEmail(
  inboxUrl: string,
  address: string,
  match: (email: InboxEmail) => boolean = () => true,
  timeout = 30_000,
): Promise<InboxEmail> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = (await emailsTo(inboxUrl, address)).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No matching email reached ${address} within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
