/** The test-mode card form of the simulated provider: the checks a card form makes before it sends anything. */
export interface TestCardValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type TestCardErrors = Partial<Record<keyof TestCardValues, string>>;

export const TEST_CARD_MESSAGES = {
  cardNumber: 'Enter a valid card number',
  expiry: 'Enter a valid expiry date (MM/YY)',
  expired: 'This card has expired',
  cvc: 'Enter the 3 or 4 digit security code',
} as const;

/** Stripe's well-known test cards that fail, with the message Stripe gives for each. */
const DECLINED_TEST_CARDS: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
};

export const SUCCESS_TEST_CARD = '4242 4242 4242 4242';

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** The Luhn check every card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** '4242424242424242' → '4242 4242 4242 4242' as it is typed. */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1228' → '12 / 28' as it is typed. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export type TestCardResult = { ok: false; errors: TestCardErrors } | { ok: true; declined: string | null };

/** Field messages, or whether the card is one of the test cards that are declined. */
export function checkTestCard(values: TestCardValues, now: Date = new Date()): TestCardResult {
  const errors: TestCardErrors = {};
  const number = digitsOf(values.cardNumber);
  if (!/^\d{13,19}$/.test(number) || !passesLuhn(number)) errors.cardNumber = TEST_CARD_MESSAGES.cardNumber;

  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(values.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) {
    errors.expiry = TEST_CARD_MESSAGES.expiry;
  } else {
    const year = 2000 + Number(expiry[2]);
    // A card is good until the end of its expiry month.
    const endOfMonth = new Date(year, month, 1);
    if (endOfMonth <= now) errors.expiry = TEST_CARD_MESSAGES.expired;
  }

  if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = TEST_CARD_MESSAGES.cvc;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, declined: DECLINED_TEST_CARDS[number] ?? null };
}
