import { Outlet } from 'react-router-dom';

/** The frame around remote screens; each remote draws its own header inside. */
export function RemoteLayout() {
  return (
    <main id="main" className="remote-main">
      <Outlet />
    </main>
  );
}
