import { Outlet } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrConfig } from '@logbook/shell-context/swrConfig';

/** The frame around remote screens, with the data settings they share; each remote draws its own header inside. */
export function RemoteLayout() {
  return (
    <SWRConfig value={swrConfig}>
      <main id="main" className="remote-main">
        <Outlet />
      </main>
    </SWRConfig>
  );
}
