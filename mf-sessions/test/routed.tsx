import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate, useParams } from 'react-router-dom';
import { routingFrom, type RouterHooks } from '@logbook/shell-context/routing';

/** The routing the shell hands to a screen, from the test's router (put it inside the matched route). */
export const Routed = routingFrom({ useParams, useLocation, useNavigate: useNavigate as RouterHooks['useNavigate'] });

/** A memory router whose routing is handed down as the shell does. */
export function RoutedMemoryRouter({ children, initialEntries }: { children?: ReactNode; initialEntries?: string[] }) {
  return (
    <MemoryRouter initialEntries={initialEntries}>
      <Routed>{children}</Routed>
    </MemoryRouter>
  );
}
