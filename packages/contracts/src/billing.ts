import { PRICE_AUD, PRICE_TEXT, TRIAL_DAYS } from './constants';

/** Messages the billing service answers with (shown as they are by the subscribe screen). */
export const BILLING_ERRORS = {
  subscriptionInProgress: "This student's subscription is being set up. Please try again in a moment.",
  /**
   * Every coupon code that cannot be used (unknown, inactive, expired, used up, or a discount the provider cannot
   * charge) gets this one answer, so a guess never tells that a code exists.
   */
  couponUnusable: "This code can't be used",
  unknownClientSecret: 'No subscription is waiting for this confirmation',
  subscriptionEnded: 'This subscription has ended',
  webhookSignature: 'Webhook signature verification failed',
  webhookNotConfigured: 'Webhooks are not configured',
  providerRejected: 'The payment provider rejected the request. Please try again later.',
  providerUnavailable: 'The payment provider could not be reached. Please try again.',
  providerTimeout: 'The payment provider took too long to answer. Please try again.',
  providerBusy: 'The payment provider is busy. Please try again in a moment.',
  providerUnauthorised: 'Payments are not available right now. Please try again later.',
  providerConflict: 'Another payment request for this student is still being processed. Please try again.',
  providerNoClientSecret: 'The payment provider did not return a payment form. Please try again.',
  nothingToPay: 'There is no payment waiting for this student.',
  nothingToResume: 'This subscription is not set to end, so there is nothing to resume.',
  noCardToChange: 'Only a running subscription with a saved card can have its card changed.',
  accountDisputed:
    'A payment from this account is disputed with the bank, so its subscription was canceled and no new one can start until the dispute is settled.',
  pausedTrial:
    'The free month ended before a card was saved, so the subscription is paused. Cancel it, then subscribe again.',
} as const;

/** What the subscribe screen says about a subscription that still exists but is owed, and after a bank's redirect. */
export const PAYMENT_TEXT = {
  confirmTitle: 'Confirm your payment',
  confirm: 'Your bank wants you to confirm this month’s payment. Confirm it to keep the subscription going.',
  confirmButton: 'Confirm your payment',
  neededTitle: 'Payment needed',
  needed: 'The last payment did not go through. Pay now with a card to keep the subscription going, or cancel it.',
  neededButton: 'Pay now',
  payLabel: `Pay $${PRICE_AUD.toFixed(2)} now`,
  authenticate: 'Confirm with your bank',
  orAnotherCard: 'Or pay with another card:',
  cancel: 'Cancel Subscription',
  processingTitle: 'Payment processing',
  processing: 'Your bank is still processing the payment. The status updates here as soon as it is confirmed.',
  failedTitle: 'Payment not completed',
  failed: 'The payment was not completed. Please try again with another card.',
  nothingToConfirm: {
    title: 'Subscription Created Successfully!',
    description: 'Your card on file is used: there is nothing more to enter.',
  },
  resume: 'Resume',
  resumedTitle: 'Subscription resumed',
  endingTitle: 'Subscription ending',
  changeCard: 'Change card',
  changeCardNote: 'The new card is saved now and used from the next bill.',
  changeCardLabel: 'Save this card',
  cardChangedTitle: 'Card changed',
  disputedTitle: 'Payment disputed',
} as const;

/** What the subscribe screen says about the free month: one free trial per student. */
export const TRIAL_TEXT = {
  offerTitle: 'First Month FREE!',
  offer: `Start with a ${TRIAL_DAYS}-day free trial. After that it is ${PRICE_TEXT} per student. Cancel anytime.`,
  startTrial: `Start Free ${TRIAL_DAYS}-Day Trial`,
  trialNote: 'No charge today. You can cancel at any time during the trial.',
  usedTitle: 'Free month already used',
  used: `Your free month has been used: ${PRICE_TEXT} from today.`,
  startPaid: 'Start Subscription',
  paidNote: `Your card is charged today, then monthly: ${PRICE_TEXT}. Cancel anytime.`,
  waitingTitle: 'No card saved yet',
  waiting:
    'This subscription is waiting for a card. Save one to keep it going; without one nothing is charged and it ends.',
  saveCard: 'Save a card',
  createdPaid: {
    title: 'Subscription Created Successfully!',
    description: 'Enter your card details to pay for the first month.',
  },
} as const;
