import { Button } from '@logbook/ui/Button';
import { PRODUCT_NAME } from '@logbook/contracts/constants';
import { INSTALL_PROMPT } from '@logbook/contracts/messages';
import { CloseIcon, DownloadIcon } from '../../../lib/icons';
import { useInstallPrompt } from '../hooks/useInstallPrompt';

export function InstallPrompt() {
  const { available, install, dismiss } = useInstallPrompt();
  if (!available) return null;
  return (
    <aside className="install-prompt" aria-labelledby="install-title" data-testid="install-prompt">
      <div className="ll-tile install-prompt__icon" aria-hidden="true">
        <DownloadIcon />
      </div>
      <div className="install-prompt__body">
        <p id="install-title" className="install-prompt__title">
          Install {PRODUCT_NAME}
        </p>
        <p className="install-prompt__text">{INSTALL_PROMPT.description}</p>
      </div>
      <div className="install-prompt__actions">
        <Button size="sm" onClick={install}>
          Install
        </Button>
        <button type="button" className="ll-icon-btn" aria-label="Dismiss" onClick={dismiss}>
          <CloseIcon />
        </button>
      </div>
    </aside>
  );
}
