import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Draws its children once their place comes into the viewport (at once where the browser cannot tell), so code below
 * the first screenful is fetched only when the person scrolls to it. Until then it holds the space.
 */
export function NearViewport({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return near ? <>{children}</> : <div ref={place} style={{ minHeight }} aria-hidden="true" />;
}
