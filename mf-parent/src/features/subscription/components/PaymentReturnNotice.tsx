import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@logbook/shell-context/shared';
import { Alert } from '@logbook/ui/shared';
import { PAYMENT_TEXT } from '@logbook/contracts/view';
import { readPaymentReturn, withoutPaymentReturn, type PaymentReturnStatus } from '../utils/paymentReturn';

export interface PaymentReturnNoticeProps {
  /** Called once for a payment that succeeded or is processing, after the parameters are taken off the URL. */
  onReturn?: (status: 'succeeded' | 'processing') => void;
}

/**
 * Reads Stripe's `redirect_status` when the browser comes back from a bank's page, says what happened (a processing
 * payment is not yet a paid one), and takes Stripe's parameters off the URL.
 */
export function PaymentReturnNotice({ onReturn }: PaymentReturnNoticeProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [status, setStatus] = useState<PaymentReturnStatus | null>(null);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    const found = readPaymentReturn(location.search);
    if (!found) return;
    handled.current = true;
    setStatus(found);
    navigate({ pathname: location.pathname, search: withoutPaymentReturn(location.search) }, { replace: true });
    if (found !== 'failed') onReturn?.(found);
  }, [location.pathname, location.search, navigate, onReturn]);

  if (status !== 'processing' && status !== 'failed') return null;
  const processing = status === 'processing';
  return (
    <div data-testid="payment-return" data-status={status}>
      <Alert
        variant={processing ? 'info' : 'destructive'}
        title={processing ? PAYMENT_TEXT.processingTitle : PAYMENT_TEXT.failedTitle}
      >
        {processing ? PAYMENT_TEXT.processing : PAYMENT_TEXT.failed}
      </Alert>
    </div>
  );
}
