import {
  TEST_CARD_MESSAGES,
  checkTestCard,
  formatCardNumber,
  formatExpiry,
  passesLuhn,
} from '../src/features/subscription/utils/testCard';

const now = new Date(2026, 10, 21);
const good = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 28', cvc: '123' };

describe('test-mode card form checks', () => {
  it('accepts the success test card', () => {
    expect(checkTestCard(good, now)).toEqual({ ok: true, declined: null });
  });

  it('declines 4000 0000 0000 0002 the way Stripe does, before anything is sent', () => {
    expect(checkTestCard({ ...good, cardNumber: '4000 0000 0000 0002' }, now)).toEqual({
      ok: true,
      declined: 'Your card was declined.',
    });
  });

  it('names each bad field', () => {
    expect(checkTestCard({ cardNumber: '4242 4242 4242 4241', expiry: '13 / 28', cvc: '12' }, now)).toEqual({
      ok: false,
      errors: {
        cardNumber: TEST_CARD_MESSAGES.cardNumber,
        expiry: TEST_CARD_MESSAGES.expiry,
        cvc: TEST_CARD_MESSAGES.cvc,
      },
    });
  });

  it('refuses a card past its expiry month and accepts one in its last month', () => {
    expect(checkTestCard({ ...good, expiry: '10 / 26' }, now)).toEqual({
      ok: false,
      errors: { expiry: TEST_CARD_MESSAGES.expired },
    });
    expect(checkTestCard({ ...good, expiry: '11 / 26' }, now)).toEqual({ ok: true, declined: null });
  });

  it('formats numbers as they are typed', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42x')).toBe('4242 42');
    expect(formatExpiry('1228')).toBe('12 / 28');
    expect(formatExpiry('1')).toBe('1');
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4000000000000003')).toBe(false);
  });
});
