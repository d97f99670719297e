import type { ReactNode } from 'react';
import { Link, paths } from '@logbook/shell-context/shared';
import { Spinner, buttonClass } from '@logbook/ui/shared';
import { PlusIcon } from '../../lib/icons';
import { ParentLayout } from './ParentLayout';

export interface DashboardFrameProps {
  /** The signed-in parent's email; none while the account is being checked. */
  email?: string;
  /** The students, or what stands for them; while loading, a spinner. */
  children?: ReactNode;
}

/** /dashboard's header, title and Add Student around its body: all of it but the students is the same for everyone. */
export function DashboardFrame({ email, children }: DashboardFrameProps) {
  return (
    <ParentLayout
      email={email}
      title="Your Students"
      subtitle="Manage each learner's subscription, login and progress."
      actions={
        <Link to={paths.newStudent} className={buttonClass('primary')}>
          <PlusIcon />
          Add Student
        </Link>
      }
    >
      {children ?? <Spinner label="Loading your students…" />}
    </ParentLayout>
  );
}
