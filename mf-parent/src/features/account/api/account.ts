import { apiRequest } from '@logbook/shell-context/shared';

export type ExportFormat = 'json' | 'csv';

/** GET /api/user/export: the family's data as one JSON file, or its sessions as CSV rows. */
const exportUrl = (format: ExportFormat) => (format === 'json' ? '/api/user/export' : '/api/user/export?format=csv');

/** PUT /api/user/password: every other session of the account ends, this one stays. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  apiRequest('PUT', '/api/user/password', { currentPassword, newPassword });

export const logout = () => apiRequest('POST', '/api/logout');

/** DELETE /api/user: stops every subscription, then deletes the whole family. */
export const deleteAccount = (password: string) => apiRequest('DELETE', '/api/user', { password });

/** Downloads the export as a file, named as the server names it or as the fallback. */
export async function downloadExport(format: ExportFormat, fallbackName: string): Promise<void> {
  const res = await apiRequest('GET', exportUrl(format));
  const blob = await res.blob();
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file to the browser; a moment later the address can go.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
