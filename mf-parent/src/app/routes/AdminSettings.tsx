import { Spinner } from '@logbook/ui/shared';
import { targetsFromSettings } from '@logbook/contracts/view';
import { TargetSettings } from '../../features/settings/components/TargetSettings';
import { SupervisorsCard } from '../../features/supervisors/components/SupervisorsCard';
import { useSettings } from '../../features/settings/hooks/useSettings';
import { supervisorRuleOf } from '../../features/settings/utils/stateRules';
import { useRequireParent } from '../../lib/useRequireParent';
import { BackLink } from '../components/BackLink';
import { LoadFailed } from '../components/LoadFailed';
import { ParentLayout } from '../components/ParentLayout';

/** /admin-settings: the day and night target hours every progress view measures against. */
export default function AdminSettings() {
  const { user, checking } = useRequireParent();
  const { data: settings, error, mutate } = useSettings(Boolean(user));

  if (checking || !user) return <Spinner label="Loading…" />;

  let body;
  if (error && !settings) {
    body = <LoadFailed title="Settings could not be loaded" onRetry={() => void mutate()} />;
  } else if (!settings) {
    body = <Spinner label="Loading settings…" />;
  } else {
    const targets = targetsFromSettings(settings);
    body = <TargetSettings key={`${targets.day}-${targets.night}`} settings={settings} targets={targets} />;
  }

  return (
    <ParentLayout
      email={user.email}
      title="Administrator Settings"
      subtitle="Set the supervised driving hours your students work towards, or apply the rules of your state."
      actions={<BackLink>Back to Home</BackLink>}
    >
      {body}
      <div className="pp-settings-supervisors">
        <SupervisorsCard
          licenceRule={settings ? supervisorRuleOf(settings.find((s) => s.key === 'state')?.value) : undefined}
        />
      </div>
    </ParentLayout>
  );
}
