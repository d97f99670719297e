import { Link } from 'react-router-dom';
import { Button } from '@logbook/ui/Button';
import { Spinner } from '@logbook/ui/Spinner';
import { buttonClass } from '@logbook/ui/lib/buttonClass';
import { targetsFromSettings } from '@logbook/contracts/progress';
import { CurrentRequirementsCard } from '../../features/settings/components/CurrentRequirementsCard';
import { TargetHoursForm } from '../../features/settings/components/TargetHoursForm';
import { useSaveTargets } from '../../features/settings/hooks/useSaveTargets';
import { useSettings } from '../../features/settings/hooks/useSettings';
import { settingsFormFromTargets } from '../../features/settings/utils/settingsForm';
import { PageFrame } from '../../lib/PageFrame';
import { useRequireParent } from '../../lib/useRequireParent';
import { CenteredMessage } from '../components/CenteredMessage';
import { ParentLayout } from '../components/ParentLayout';

/** /admin-settings: the day and night target hours every progress view measures against. */
export default function AdminSettings() {
  const { user, checking } = useRequireParent();
  const { data: settings, error, mutate } = useSettings(Boolean(user));
  const { save, pending } = useSaveTargets();

  if (checking || !user) return <Spinner label="Loading…" />;

  let body;
  if (error && !settings) {
    body = (
      <CenteredMessage
        title="Settings could not be loaded"
        action={
          <Button variant="outline" size="sm" onClick={() => mutate()}>
            Try again
          </Button>
        }
      >
        Check your connection and try again.
      </CenteredMessage>
    );
  } else if (!settings) {
    body = <Spinner label="Loading settings…" />;
  } else {
    const targets = targetsFromSettings(settings);
    body = (
      <div className="pp-settings">
        <TargetHoursForm
          key={`${targets.day}-${targets.night}`}
          initialValues={settingsFormFromTargets(targets)}
          pending={pending}
          onSave={(values) => save(settings, values)}
        />
        <CurrentRequirementsCard targets={targets} />
      </div>
    );
  }

  return (
    <ParentLayout email={user.email}>
      <PageFrame
        title="Administrator Settings"
        subtitle="Set the supervised driving hours your students work towards."
        actions={
          <Link to="/dashboard" className={buttonClass('outline', 'sm')}>
            Back to Home
          </Link>
        }
      >
        {body}
      </PageFrame>
    </ParentLayout>
  );
}
