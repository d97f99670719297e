import { COPYRIGHT_LINE, PRIVATE_SERVICE_STATEMENT } from '@logbook/contracts/constants';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="ll-container site-footer__inner">
        <p>{COPYRIGHT_LINE}</p>
        <p className="site-footer__statement">{PRIVATE_SERVICE_STATEMENT}</p>
      </div>
    </footer>
  );
}
