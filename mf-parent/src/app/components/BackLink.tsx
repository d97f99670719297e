import { Link } from '@logbook/shell-context/routing';
import { paths } from '@logbook/shell-context/routes';
import { buttonClass } from '@logbook/ui/lib/buttonClass';

/** The way back to the dashboard from a parent's screen. */
export function BackLink({ children = 'Back to Dashboard' }: { children?: string }) {
  return (
    <Link to={paths.dashboard} className={buttonClass('outline', 'sm')}>
      {children}
    </Link>
  );
}
