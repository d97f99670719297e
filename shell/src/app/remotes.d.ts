// Route-level components exposed by the remotes (see each remote's vite.config.ts).
declare module 'mf_parent/*' {
  import type { ComponentType } from 'react';
  const Component: ComponentType;
  export default Component;
}
declare module 'mf_sessions/*' {
  import type { ComponentType } from 'react';
  const Component: ComponentType;
  export default Component;
}
declare module 'mf_student/*' {
  import type { ComponentType } from 'react';
  const Component: ComponentType;
  export default Component;
}
