import { Link } from 'react-router-dom';
import { Button } from '@logbook/ui/Button';
import { buttonClass } from '@logbook/ui/lib/buttonClass';
import { paths } from '@logbook/shell-context/routes';
import { AlertIcon } from '../../../lib/icons';

export interface RemoteLoadErrorProps {
  onRetry: () => void;
}

export function RemoteLoadError({ onRetry }: RemoteLoadErrorProps) {
  const online = typeof navigator === 'undefined' || navigator.onLine;
  return (
    <div className="remote-error" role="alert" data-testid="remote-error">
      <div className="ll-tile remote-error__icon" aria-hidden="true">
        <AlertIcon />
      </div>
      <h1 className="remote-error__title">This part of the app could not load</h1>
      <p className="remote-error__text">
        {online
          ? 'Something went wrong while loading this screen. Please try again.'
          : "You're offline and this screen hasn't been saved on this device yet. Try again when you're back online."}
      </p>
      <div className="ll-actions remote-error__actions">
        <Button onClick={onRetry}>Retry</Button>
        <Link to={paths.home} className={buttonClass('outline')}>
          Go to home page
        </Link>
      </div>
    </div>
  );
}
