import { PRICE_TEXT, PRODUCT_NAME } from '@logbook/contracts/constants';

/** An email as sent: a plain-text part and an HTML part saying the same, with no images, pixels or tracked links. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A paragraph of the email, or a link the reader follows (written out in full in the text part). */
type Block = string | { link: string; label: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A dot between letters or digits, as in a domain name; browsers also read the ideographic and full-width dots so. */
const DOMAIN_DOT = /([\p{L}\p{M}\p{N}])[.\u3002\uFF0E\uFF61](?=[\p{L}\p{N}])/gu;
const QUOTE_LENGTH = 300;

/**
 * Words someone outside the family wrote, as an email quotes them: on one line, bounded, in quotation marks they cannot
 * close, and with whatever a mail client would turn into a link (an address, a domain, an email address) written so it
 * is not one.
 */
function quoted(text: string): string {
  const line = text.replace(/[\s\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  const chars = [...line];
  const short = chars.length > QUOTE_LENGTH ? `${chars.slice(0, QUOTE_LENGTH - 1).join('')}…` : line;
  const inert = short
    .replace(/:\/\//g, '[:]//')
    .replace(DOMAIN_DOT, '$1[.]')
    .replace(/@/g, '[at]')
    .replace(/[“”"]/g, "'");
  return `“${inert}”`;
}

const SIGN_OFF = `The ${PRODUCT_NAME} team`;
const FOOTER = `You are receiving this email because of your ${PRODUCT_NAME} account.`;

const GREETING = 'Hello,';

/** Builds both parts from the same blocks, so they never say different things. */
function compose(subject: string, blocks: Block[], footer: string = FOOTER): RenderedMail {
  const textBlocks = blocks.map((b) => (typeof b === 'string' ? b : `${b.label}:\n${b.link}`));
  const text = [GREETING, ...textBlocks, SIGN_OFF, '--', footer].join('\n\n') + '\n';
  const htmlBlocks = blocks.map((b) =>
    typeof b === 'string'
      ? `<p>${escapeHtml(b)}</p>`
      : `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.label)}</a></p>` +
        `<p style="font-size:13px;color:#555">Or copy this address into your browser: ${escapeHtml(b.link)}</p>`,
  );
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a1a">',
    `<h1 style="font-size:20px">${escapeHtml(PRODUCT_NAME)}</h1>`,
    `<p>${escapeHtml(GREETING)}</p>`,
    ...htmlBlocks,
    `<p>${escapeHtml(SIGN_OFF)}</p>`,
    `<hr><p style="font-size:12px;color:#555">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/** A date as families read it, e.g. "Friday 12 June 2026". */
const longDate = (iso: string | undefined) =>
  iso
    ? new Date(iso).toLocaleDateString('en-AU', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Australia/Sydney',
      })
    : undefined;

export const RESET_LINK_MINUTES = 60;

export const mailTemplates = {
  welcome: (o: { origin: string }) =>
    compose(`Welcome to ${PRODUCT_NAME}`, [
      `Your ${PRODUCT_NAME} account is ready. Add each learner driver as a student, then log every supervised drive with both signatures: the log book adds up day and night hours towards your state's target.`,
      { label: `Open ${PRODUCT_NAME}`, link: `${o.origin}/dashboard` },
      'If you did not create this account, you can ignore this email: nothing more will be sent unless someone signs in.',
    ]),

  passwordReset: (o: { origin: string; token: string }) =>
    compose(`Reset your ${PRODUCT_NAME} password`, [
      `Someone (we hope you) asked to choose a new password for your ${PRODUCT_NAME} account.`,
      // In the fragment: browsers never send it to a server, so no access log or proxy keeps the token.
      { label: 'Choose a new password', link: `${o.origin}/reset-password#token=${encodeURIComponent(o.token)}` },
      `The link works once, within ${RESET_LINK_MINUTES} minutes, and only the newest link you asked for works. Choosing a new password signs your family out on every device, students included.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ]),

  passwordChanged: (o: { origin: string }) =>
    compose(`Your ${PRODUCT_NAME} password was changed`, [
      `The password of your ${PRODUCT_NAME} account was just changed, and every other device was signed out, your students' included.`,
      'If this was not you, choose a new password now with "Forgot password?" on the sign-in page:',
      { label: 'Forgot password', link: `${o.origin}/forgot-password` },
    ]),

  registrationAttempt: (o: { origin: string }) =>
    compose(`Someone tried to register with your ${PRODUCT_NAME} address`, [
      `Someone just tried to create a new ${PRODUCT_NAME} account with this email address. It already has an account, so nothing was created and nothing about your account changed.`,
      'If it was you, sign in with your password:',
      { label: 'Sign in', link: `${o.origin}/login` },
      'If you have forgotten it, choose a new one with "Forgot password?":',
      { label: 'Forgot password', link: `${o.origin}/forgot-password` },
      'If it was not you, you can ignore this email: your password stays as it is.',
    ]),

  accountDeleted: () =>
    compose(`Your ${PRODUCT_NAME} account has been deleted`, [
      `Your ${PRODUCT_NAME} account has been closed as you asked. Every subscription was canceled, so nothing more will be charged.`,
      'Your students, their logins, every logged session and signature, your settings and saved supervisors have been deleted. This email is the last we will send you.',
    ]),

  trialWillEnd: (o: {
    origin: string;
    studentId: number;
    studentName?: string;
    at?: string;
    cardSaved?: boolean;
    canceled?: boolean;
  }) => {
    const who = o.studentName ?? 'your student';
    const when = longDate(o.at);
    const trialEnds = (...blocks: Block[]) =>
      compose(`${PRODUCT_NAME}: the free trial for ${who} ends in 3 days`, [
        `The free trial of ${who}'s ${PRODUCT_NAME} subscription ends in 3 days${when ? `, on ${when}` : ''}.`,
        ...blocks,
      ]);
    // Canceled in the trial, or without a card: the subscription ends with the trial and nothing is charged.
    if (o.canceled)
      return trialEnds(
        'You canceled the subscription, so it then ends and logging new sessions stops. Nothing will be charged. To keep it going, resume it before then:',
        { label: 'Manage the subscription', link: `${o.origin}/students/${o.studentId}/subscribe` },
      );
    if (o.cardSaved === false)
      return trialEnds(
        'No card is saved for it, so the subscription then ends and logging new sessions stops. Nothing will be charged. To keep it going, save a card before then:',
        { label: 'Save a card', link: `${o.origin}/students/${o.studentId}/subscribe` },
      );
    return trialEnds(
      `After that the subscription continues at ${PRICE_TEXT} with the card saved for it. To stop it, cancel before then:`,
      { label: 'Manage the subscription', link: `${o.origin}/students/${o.studentId}/subscribe` },
    );
  },

  chargeback: (o: { origin: string; studentId: number; studentName?: string }) => {
    const who = o.studentName ?? 'your student';
    return compose(`${PRODUCT_NAME}: a payment for ${who}'s subscription was disputed`, [
      `A payment for ${who}'s ${PRODUCT_NAME} subscription was disputed with your bank, and the bank has taken it back. So that the card is not charged again, the subscription is canceled, and no new subscription can start while the dispute is open.`,
      'The sessions already logged are kept and can still be read and downloaded. If the dispute was a mistake, tell your bank; once it is settled, you can subscribe again.',
      { label: 'Open the log book', link: `${o.origin}/dashboard` },
    ]);
  },

  paymentFailed: (o: { origin: string; studentId: number; studentName?: string; at?: string }) => {
    const who = o.studentName ?? 'your student';
    return compose(`${PRODUCT_NAME}: payment failed for ${who}'s subscription`, [
      `We could not take the payment for ${who}'s ${PRODUCT_NAME} subscription. The card will be tried again over the next days, and logging new sessions goes on meanwhile; if the payment still does not go through, logging stops until it is paid.`,
      'Check the card, or use another, on the subscribe screen:',
      { label: 'Update payment details', link: `${o.origin}/students/${o.studentId}/subscribe` },
    ]);
  },

  paymentActionRequired: (o: { origin: string; studentId: number; studentName?: string; at?: string }) => {
    const who = o.studentName ?? 'your student';
    return compose(`${PRODUCT_NAME}: please confirm the payment for ${who}'s subscription`, [
      `Your bank wants you to confirm the payment for ${who}'s ${PRODUCT_NAME} subscription before it goes through.`,
      { label: 'Confirm the payment', link: `${o.origin}/students/${o.studentId}/subscribe` },
    ]);
  },

  signOffRequest: (o: { origin: string; token: string; learner: string; date: string; expiresAt: string }) =>
    compose(
      `${PRODUCT_NAME}: please sign ${o.learner}'s drive of ${o.date}`,
      [
        `${o.learner} logged a supervised drive on ${o.date} with you as the supervisor, and asks you to confirm it with your signature. No account is needed.`,
        { label: 'Check the drive and sign', link: `${o.origin}/sign#${o.token}` },
        `The link works once, until ${longDate(o.expiresAt) ?? 'it expires'}, and only for this drive. If you did not supervise this drive, open the link and decline it, or ignore this email.`,
      ],
      `You are receiving this email because a learner driver named this address as their supervising driver's.`,
    ),

  familyInvitation: (o: { origin: string; token: string; inviter: string; expiresAt: string }) =>
    compose(
      `${PRODUCT_NAME}: you are invited to join a family's log book`,
      [
        `${o.inviter} invited you to join their family on ${PRODUCT_NAME} as a guardian, with a login of your own: you will see the learners' log books, log drives and sign as their supervisor.`,
        { label: 'Join the family', link: `${o.origin}/join#${o.token}` },
        `The link works once, until ${longDate(o.expiresAt) ?? 'it expires'}. If you do not know who sent it, ignore this email: nothing happens.`,
      ],
      `You are receiving this email because someone invited this address to ${PRODUCT_NAME}.`,
    ),

  signOffDeclined: (o: { origin: string; learner: string; supervisorName: string; date: string; reason: string }) =>
    compose(`${PRODUCT_NAME}: ${o.supervisorName} declined to sign ${o.learner}'s drive of ${o.date}`, [
      `${o.supervisorName} declined to sign the drive ${o.learner} logged on ${o.date}, so it does not count.`,
      `Their reason, in their own words: ${quoted(o.reason)}`,
      { label: 'Open the log book', link: `${o.origin}/dashboard` },
    ]),
};
