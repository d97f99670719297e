import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { vehicleListAnswer, type StateCode, type VehicleList } from '@logbook/contracts/view';
import { apiFetch } from '@logbook/shell-context/shared';
import { recallFamilyState, rememberFamilyState } from '../../../lib/sessionKeys';
// By path: this small part of the rule data goes with the form, so it applies without a connection.
import { vehicleAskedOn } from '@logbook/contracts/entry-fields';
import type { VehicleAsked } from '../utils/validation';

const VEHICLES_KEY = '/api/vehicles';
const fetchVehicles = (key: string) => apiFetch(key, vehicleListAnswer);

/**
 * The family's cars and what its state's log book records about the car on the drive's date (the rule in force that
 * day), with the state itself. The state is kept on the device once the server named it, so an entry queued offline
 * carries what the server will ask of it; else the server's word. The form tells it the drive's date as it changes.
 */
export function useVehicleQuestions(studentId: number): {
  vehicleDetails: VehicleList | undefined;
  vehicleAsked: VehicleAsked | undefined;
  ruleState: StateCode | undefined;
  setDriveDate: (date: string) => void;
} {
  const [driveDate, setDriveDate] = useState<string | undefined>(undefined);
  // The rule in force on the drive's date; today's until the date is a whole date.
  const key = driveDate?.length === 10 ? `${VEHICLES_KEY}?on=${driveDate}` : VEHICLES_KEY;
  const details = useSWR<VehicleList>(key, fetchVehicles, { keepPreviousData: true }).data;
  const answeredState = details?.state;
  const [familyState] = useState(() => recallFamilyState(studentId));
  useEffect(() => {
    if (answeredState) rememberFamilyState(studentId, answeredState);
  }, [studentId, answeredState]);
  const ruleState = answeredState ?? familyState;
  const asked = ruleState && driveDate?.length === 10 ? vehicleAskedOn(ruleState, driveDate) : details?.recorded;
  return { vehicleDetails: details, vehicleAsked: asked, ruleState, setDriveDate };
}
