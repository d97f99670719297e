import { apiRequest } from '@logbook/shell-context/shared';

export const logout = () => apiRequest('POST', '/api/logout');
