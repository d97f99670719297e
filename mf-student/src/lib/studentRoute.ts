import { parseStudentId } from '@logbook/shell-context/shared';

/**
 * Which student a /student-new-session URL may show the form for: the signed-in student only.
 * No id in the URL means the signed-in student; any other id (a sibling's, another family's, or not a number)
 * is refused rather than silently swapped.
 */
export type NewSessionTarget = { kind: 'own'; studentId: number } | { kind: 'notYours'; ownId: number };

export function newSessionTarget(routeStudentId: string | undefined, signedInStudentId: number): NewSessionTarget {
  if (routeStudentId === undefined || routeStudentId === '') return { kind: 'own', studentId: signedInStudentId };
  return parseStudentId(routeStudentId) === signedInStudentId
    ? { kind: 'own', studentId: signedInStudentId }
    : { kind: 'notYours', ownId: signedInStudentId };
}
