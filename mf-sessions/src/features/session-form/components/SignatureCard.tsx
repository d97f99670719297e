import type { ReactNode } from 'react';
import { Card, SignaturePad } from '@logbook/ui/shared';

export interface SignatureCardProps {
  title: string;
  padLabel: string;
  value: string;
  error?: string;
  onChange: (dataUrl: string) => void;
  /** Shown beside the pad (the student's name). */
  aside?: ReactNode;
  disabled?: boolean;
  /** Shown above the pad (the supervisor's: ask them to sign on their own phone). */
  choice?: ReactNode;
  /** Shown in place of the pad when given (the supervisor's email, when they are asked to sign). */
  replacement?: ReactNode;
}

export function SignatureCard({
  title,
  padLabel,
  value,
  error,
  onChange,
  aside,
  disabled,
  choice,
  replacement,
}: SignatureCardProps) {
  return (
    <Card title={title} headingLevel={2}>
      <div className={aside ? 'lls-signature lls-signature--with-aside' : 'lls-signature'}>
        {choice}
        {aside && <div className="lls-signature__aside">{aside}</div>}
        <div className="lls-signature__pad">
          {replacement ?? (
            <SignaturePad
              label={padLabel}
              value={value || null}
              error={error}
              onChange={(v) => onChange(v ?? '')}
              disabled={disabled}
            />
          )}
        </div>
      </div>
    </Card>
  );
}
