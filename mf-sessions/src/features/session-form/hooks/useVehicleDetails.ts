import useSWR from 'swr';
import { vehicleListSchema, type VehicleList } from '@logbook/contracts/schemas';
import { apiFetch } from '@logbook/shell-context/apiClient';

const VEHICLES_KEY = '/api/vehicles';
const fetchVehicles = (key: string) => apiFetch(key, vehicleListSchema);

/** The family's cars, most recently used first, and what its state's log book records about the car on every drive. */
export function useVehicleDetails(): VehicleList | undefined {
  return useSWR<VehicleList>(VEHICLES_KEY, fetchVehicles).data;
}
