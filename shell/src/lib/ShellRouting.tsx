import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { routingFrom, type RouterHooks } from '@logbook/shell-context/routing';

/**
 * Hands the shell's router to everything drawn inside it through the shared routing context: the remotes and the
 * shared components take params, location, navigate and links from there, never from the router itself.
 */
export const ShellRouting = routingFrom({
  useParams,
  useLocation,
  useNavigate: useNavigate as RouterHooks['useNavigate'],
});
