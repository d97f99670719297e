import useSWR from 'swr';
import { vehicleListAnswer, type VehicleList } from '@logbook/contracts/view';
import { apiFetch } from '@logbook/shell-context/shared';

const VEHICLES_KEY = '/api/vehicles';
const fetchVehicles = (key: string) => apiFetch(key, vehicleListAnswer);

/**
 * The family's cars, most recently used first, and what its state's log book records about the car on a drive of this
 * date (the rule in force that day; today's until the date is a whole date).
 */
export function useVehicleDetails(date?: string): VehicleList | undefined {
  const key = date?.length === 10 ? `${VEHICLES_KEY}?on=${date}` : VEHICLES_KEY;
  return useSWR<VehicleList>(key, fetchVehicles, { keepPreviousData: true }).data;
}
