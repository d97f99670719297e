import { useEffect, useState } from 'react';

/**
 * The time now, renewed every `everyMs` while the component is shown and `ticking` (the running drive's clock): with
 * no drive running nothing shows the time, so the panel is not redrawn every second for nothing.
 */
export function useNow(everyMs = 1_000, ticking = true): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!ticking) return;
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), everyMs);
    // A phone waking up or a tab brought back shows the right time at once.
    const onVisible = () => setNow(new Date());
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [everyMs, ticking]);
  return now;
}
