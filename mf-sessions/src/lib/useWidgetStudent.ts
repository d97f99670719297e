import { useEffect } from 'react';
import { parseStudentId, useParams } from '@logbook/shell-context/shared';
import { startOutboxSync } from './outbox/outboxRuntime';

/** The student a widget shows (given, else the route's :studentId); waiting sessions are sent while it is up. */
export function useWidgetStudent(given: number | undefined): number | undefined {
  const params = useParams();
  useEffect(() => startOutboxSync(), []);
  return given ?? parseStudentId(params.studentId) ?? undefined;
}
