import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrConfig } from '@logbook/shell-context/swrConfig';

function Where() {
  const { pathname } = useLocation();
  return <p data-testid="where">{pathname}</p>;
}

/** Renders student routes as the shell does (router, swr with the shell's defaults, a fresh cache per test). */
export function renderRoutes(
  start: string,
  routes: Record<string, ReactElement>,
  cached: Record<string, unknown> = {},
) {
  const cache = new Map(Object.entries(cached).map(([key, data]) => [key, { data }]));
  return render(
    <SWRConfig value={{ ...swrConfig, provider: () => cache, dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[start]}>
        <Where />
        <Routes>
          {Object.entries(routes).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}
