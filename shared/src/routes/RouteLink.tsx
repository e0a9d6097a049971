/**
 * A link to a route by name: a real `href` (a pre-rendered page's links work before any script
 * runs: platform/src/prerender/), the one router's navigation once the app runs.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { pathFor, type RouteName } from './registry';

export function RouteLink({
  to,
  query,
  className,
  children,
}: {
  to: RouteName;
  query?: Record<string, string | number>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link to={pathFor(to, query)} className={className}>
      {children}
    </Link>
  );
}
