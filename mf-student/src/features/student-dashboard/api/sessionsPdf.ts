const sessionsPdfUrl = (studentId: number) => `/api/driving-sessions/${studentId}/pdf`;

/** Opens the student's PDF log in a new tab; where pop-ups are blocked, this tab shows it instead. */
export function openSessionsPdf(studentId: number, win: Window = window): void {
  const url = sessionsPdfUrl(studentId);
  const tab = win.open(url, '_blank');
  if (tab) tab.opener = null;
  else win.location.assign(url);
}
