// Widgets and the session form that mf-sessions exposes for this remote to embed (see mf-sessions/vite.config.ts).
declare module 'mf_sessions/ProgressSummary' {
  import type { ComponentType } from 'react';
  const ProgressSummary: ComponentType<{ studentId?: number; enabled?: boolean }>;
  export default ProgressSummary;
}
declare module 'mf_sessions/SessionHistory' {
  import type { ComponentType } from 'react';
  const SessionHistory: ComponentType<{ studentId?: number; enabled?: boolean }>;
  export default SessionHistory;
}
declare module 'mf_sessions/PaceAndCoverage' {
  import type { ComponentType } from 'react';
  const PaceAndCoverage: ComponentType<{ studentId?: number; enabled?: boolean }>;
  export default PaceAndCoverage;
}
declare module 'mf_sessions/NewSession' {
  import type { ComponentType } from 'react';
  const NewSession: ComponentType<{
    studentId?: number;
    viewer?: 'parent' | 'student';
    onDone?: () => void;
    backTo?: string;
  }>;
  export default NewSession;
}
