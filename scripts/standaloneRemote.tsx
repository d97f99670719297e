import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { Toaster } from '@logbook/ui/Toaster';
import { routingFrom, type RouterHooks } from '@logbook/shell-context/routing';
import { swrConfig } from '@logbook/shell-context/swrConfig';

/** The parts of react-router a remote run alone brings (inside the product, routing is the shell's). */
export interface StandaloneRouter extends Omit<RouterHooks, 'useNavigate'> {
  // react-router's navigate takes a path or a step back as two overloads, which one signature cannot state.
  useNavigate: () => (...args: never[]) => unknown;
  BrowserRouter: ComponentType<{ children?: ReactNode }>;
  Routes: ComponentType<{ children?: ReactNode }>;
  Route: ComponentType<{ path: string; element: ReactNode }>;
  Navigate: ComponentType<{ to: string; replace?: boolean }>;
}

/**
 * Runs a remote on its own for development (its index.html's entry, served by `npm run dev`; the build leaves it
 * out): its screens under their route patterns, with the data, routing and toasts the shell provides inside the
 * product; any other path goes to `fallback`.
 */
export function renderStandalone(
  router: StandaloneRouter,
  screens: ReadonlyArray<readonly [pattern: string, Screen: ComponentType]>,
  fallback: string,
) {
  const { BrowserRouter, Routes, Route, Navigate } = router;
  const Routed = routingFrom({ ...router, useNavigate: router.useNavigate as RouterHooks['useNavigate'] });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <SWRConfig value={swrConfig}>
        <BrowserRouter>
          <Routes>
            {screens.map(([pattern, Screen]) => (
              <Route
                key={pattern}
                path={pattern}
                element={
                  <Routed>
                    <Screen />
                  </Routed>
                }
              />
            ))}
            <Route path="*" element={<Navigate to={fallback} replace />} />
          </Routes>
        </BrowserRouter>
        <Toaster />
      </SWRConfig>
    </StrictMode>,
  );
}
