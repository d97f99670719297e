import { Link, paths } from '@logbook/shell-context/shared';
import { buttonClass } from '@logbook/ui/shared';

/** The way back to the dashboard from a parent's screen. */
export function BackLink({ children = 'Back to Dashboard' }: { children?: string }) {
  return (
    <Link to={paths.dashboard} className={buttonClass('outline', 'sm')}>
      {children}
    </Link>
  );
}
