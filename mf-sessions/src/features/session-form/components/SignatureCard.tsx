import type { ReactNode } from 'react';
import { Card, SignaturePad } from '@logbook/ui/shared';
import type { FormCardProps } from './SessionTextFields';

export interface SignatureCardProps extends FormCardProps {
  field: 'studentSignature' | 'supervisorSignature';
  title: string;
  padLabel: string;
  /** Shown beside the pad (the student's name). */
  aside?: ReactNode;
  disabled?: boolean;
  /** Shown above the pad (the supervisor's: ask them to sign on their own phone). */
  choice?: ReactNode;
  /** Shown in place of the pad when given (the supervisor's email, when they are asked to sign). */
  replacement?: ReactNode;
}

export function SignatureCard({
  field,
  title,
  padLabel,
  values,
  errors,
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
              value={values[field] || null}
              error={errors[field]}
              onChange={(v) => onChange(field, v ?? '')}
              disabled={disabled}
            />
          )}
        </div>
      </div>
    </Card>
  );
}
