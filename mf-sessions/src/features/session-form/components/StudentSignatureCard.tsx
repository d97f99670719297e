import { SignatureCard } from './SignatureCard';

export interface StudentSignatureCardProps {
  studentName: string;
  value: string;
  error?: string;
  onChange: (dataUrl: string) => void;
  disabled: boolean;
}

/** The student signs beside their name. */
export function StudentSignatureCard({ studentName, value, error, onChange, disabled }: StudentSignatureCardProps) {
  return (
    <SignatureCard
      title="Student Signature"
      padLabel={`Signature of ${studentName || 'the student'}`}
      value={value}
      error={error}
      onChange={onChange}
      disabled={disabled}
      aside={
        <>
          <span className="lls-signature__who">Student</span>
          <span className="lls-signature__name" data-testid="student-name">
            {studentName}
          </span>
        </>
      }
    />
  );
}
