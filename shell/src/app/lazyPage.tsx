import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Spinner } from '@logbook/ui/Spinner';

/**
 * A page, its module's export `name`, fetched when its route is first opened, so the first view carries only its own
 * code. `preload` starts the fetch early (when the app starts on that route); a failed fetch is forgotten so the next
 * attempt tries again. `fallback` is drawn while it is fetched.
 */
export function lazyPage<M extends Record<K, ComponentType>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  fallback: ReactNode = <Spinner label="Loading…" />,
) {
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const Page = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await preload())[name] }));
  function LazyPage() {
    return (
      <Suspense fallback={fallback}>
        <Page />
      </Suspense>
    );
  }
  return Object.assign(LazyPage, { preload });
}
