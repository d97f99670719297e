import type { FormCardProps } from './SessionTextFields';
import { SignatureCard } from './SignatureCard';

export interface StudentSignatureCardProps extends FormCardProps {
  studentName: string;
  disabled: boolean;
}

/** The student signs beside their name. */
export function StudentSignatureCard({ studentName, ...card }: StudentSignatureCardProps) {
  return (
    <SignatureCard
      {...card}
      field="studentSignature"
      title="Student Signature"
      padLabel={`Signature of ${studentName || 'the student'}`}
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
