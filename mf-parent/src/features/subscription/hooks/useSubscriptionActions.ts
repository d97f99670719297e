import { useState } from 'react';
import {
  useNavigate,
  toast,
  fetchStudent,
  isNetworkError,
  refreshStudents,
  paths,
} from '@logbook/shell-context/shared';
import { useSWRConfig } from 'swr';
import { PAYMENT_TEXT, TRIAL_TEXT, TOASTS, isActive } from '@logbook/contracts/view';
import type { CreateSubscriptionResponse, Student } from '@logbook/contracts/view';
import { subscriptionKey, studentKey } from '../../../lib/apiKeys';
import { serverMessageOr } from '../../../lib/errors';
import {
  cancelSubscription,
  createSubscription,
  fetchOwedPayment,
  resumeSubscription,
  startCardChange,
} from '../api/billing';
import { formatBillingDate, parseBillingDate } from '../utils/subscriptionDates';

const ACTIVATION_CHECKS = 10;
const ACTIVATION_INTERVAL_MS = 800;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The subscription's status arrives from the provider's events; give them a moment before showing the dashboard. */
async function waitUntilActive(studentId: number): Promise<void> {
  for (let i = 0; i < ACTIVATION_CHECKS; i += 1) {
    try {
      if (isActive((await fetchStudent(studentKey(studentId))).subscriptionStatus)) return;
    } catch {
      return;
    }
    await wait(ACTIVATION_INTERVAL_MS);
  }
}

export type SubscriptionAction = 'start' | 'cancel' | 'finish' | 'pay' | 'resume' | 'card';

/** Start the trial, finish payment, cancel: each with the product's messages, refreshing the students afterwards. */
export function useSubscriptionActions(student: Student) {
  const [pending, setPending] = useState<SubscriptionAction | null>(null);
  const [subscription, setSubscription] = useState<CreateSubscriptionResponse | null>(null);
  /** The card form on screen saves a new card for the running subscription (rather than starting or paying one). */
  const [changingCard, setChangingCard] = useState(false);
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();

  const refresh = () => Promise.all([refreshStudents(mutate, student.id), mutate(subscriptionKey(student.id))]);

  /** Runs an action with its button pending; true when it worked, else the failure is toasted. */
  const act = async (
    which: SubscriptionAction,
    action: () => Promise<void>,
    describe: (error: unknown) => string = (error) => serverMessageOr(error, TOASTS.paymentUnexpected),
  ): Promise<boolean> => {
    setPending(which);
    try {
      await action();
      return true;
    } catch (error) {
      toast({ title: TOASTS.error, description: describe(error), variant: 'destructive' });
      return false;
    } finally {
      setPending(null);
    }
  };

  const start = () =>
    act(
      'start',
      async () => {
        const created = await createSubscription(student.id);
        if (created.type === 'none') {
          // Stripe needs nothing more (a card on file, or nothing to pay): the subscription is already under way.
          setPending(null);
          return finish('none');
        }
        setSubscription(created);
        // A card to save means the trial began; an invoice to pay means the free month was used before.
        toast(created.type === 'setup' ? TOASTS.subscriptionCreated : TRIAL_TEXT.createdPaid);
      },
      (error) =>
        isNetworkError(error)
          ? TOASTS.subscriptionCreateNetwork
          : serverMessageOr(error, TOASTS.subscriptionCreateFailed),
    );

  /** Called once the payment form (or the return from a bank's page) reports success or a payment still processing. */
  async function finish(outcome: 'succeeded' | 'processing' | 'none' = 'succeeded') {
    if (changingCard) {
      // The card is saved; the subscription's events make it the default card. Nothing else changes on screen.
      toast({ title: PAYMENT_TEXT.cardChangedTitle, description: PAYMENT_TEXT.changeCardNote });
      setChangingCard(false);
      setSubscription(null);
      await refresh();
      return;
    }
    setPending('finish');
    if (outcome === 'none') {
      toast(PAYMENT_TEXT.nothingToConfirm);
      await waitUntilActive(student.id);
    } else if (outcome === 'processing') {
      // Not paid yet: the status follows once the bank confirms, so nothing waits for it here.
      toast({ title: PAYMENT_TEXT.processingTitle, description: PAYMENT_TEXT.processing });
    } else {
      toast({ title: TOASTS.paymentSuccess, description: `${student.firstName}'s subscription is now active.` });
      await waitUntilActive(student.id);
    }
    await refresh();
    navigate(paths.dashboard);
  }

  /** Pay what is owed, or confirm what the bank holds: the open invoice's secret for the card form. */
  const pay = () => act('pay', async () => setSubscription(await fetchOwedPayment(student.id)));

  const cancel = () =>
    act(
      'cancel',
      async () => {
        const view = await cancelSubscription(student.id);
        const endsOn = view.cancelAtPeriodEnd ? parseBillingDate(view.currentPeriodEnd) : null;
        toast(
          endsOn
            ? {
                title: PAYMENT_TEXT.endingTitle,
                description: `${student.firstName}'s subscription ends on ${formatBillingDate(endsOn)}. Logging goes on until then.`,
              }
            : {
                title: TOASTS.subscriptionCanceled,
                description: `${student.firstName}'s subscription has been canceled.`,
              },
        );
        setSubscription(null);
        await refresh();
      },
      (error) => serverMessageOr(error, TOASTS.cancelFailed),
    );

  /** Takes back a cancel at the end of the period. */
  const resume = () =>
    act('resume', async () => {
      await resumeSubscription(student.id);
      toast({
        title: PAYMENT_TEXT.resumedTitle,
        description: `${student.firstName}'s subscription goes on as before.`,
      });
      await refresh();
    });

  /** A SetupIntent for a new card: the card form saves it, and it becomes the subscription's card. */
  const changeCard = () =>
    act('card', async () => {
      setSubscription(await startCardChange(student.id));
      setChangingCard(true);
    });

  return { subscription, pending, start, finish, cancel, pay, resume, changeCard, changingCard };
}
