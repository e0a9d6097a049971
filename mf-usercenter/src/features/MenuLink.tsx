import type { ReactNode } from 'react';
import { ChevronIcon, pathFor, type RouteName } from 'shared';

/** A row of a menu list that opens a screen by route name (a real link: long-press, screen readers). */
export function MenuLink({ route, children, testId }: { route: RouteName; children: ReactNode; testId?: string }) {
  return (
    <li className="list__item">
      <a className="list__link" href={`#${pathFor(route)}`} data-testid={testId}>
        <span>{children}</span>
        <ChevronIcon />
      </a>
    </li>
  );
}
