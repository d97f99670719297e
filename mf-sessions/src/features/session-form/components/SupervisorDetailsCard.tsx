import { Card } from '@logbook/ui/Card';
import { FormField } from '@logbook/ui/FormField';
import { Input } from '@logbook/ui/Input';
import type { FormCardProps } from './SessionDetailsCard';

export function SupervisorDetailsCard({ values, errors, onChange }: FormCardProps) {
  return (
    <Card title="Supervising Driver Details">
      <div className="lls-fields lls-fields--2">
        <FormField label="Full Name" error={errors.supervisorName}>
          {(p) => (
            <Input
              {...p}
              name="supervisorName"
              autoComplete="name"
              value={values.supervisorName}
              onChange={(e) => onChange('supervisorName', e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Driver's License Number" error={errors.supervisorLicenseNumber}>
          {(p) => (
            <Input
              {...p}
              name="supervisorLicenseNumber"
              autoComplete="off"
              value={values.supervisorLicenseNumber}
              onChange={(e) => onChange('supervisorLicenseNumber', e.target.value)}
            />
          )}
        </FormField>
      </div>
    </Card>
  );
}
