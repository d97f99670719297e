import { apiRequest } from '@logbook/shell-context/apiClient';

export const logout = () => apiRequest('POST', '/api/logout');
