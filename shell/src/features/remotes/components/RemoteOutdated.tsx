import { Button } from '@logbook/ui/Button';

/** A remote released for shared packages this page does not have: only a reload brings the matching shell. */
export function RemoteOutdated() {
  return (
    <div className="remote-error" role="alert" data-testid="remote-outdated">
      <h1 className="remote-error__title">This part of the app has been updated</h1>
      <p className="remote-error__text">
        A newer version of this screen is available, but it needs a newer version of the app. Reload the page to
        continue.
      </p>
      <div className="ll-actions remote-error__actions">
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    </div>
  );
}
