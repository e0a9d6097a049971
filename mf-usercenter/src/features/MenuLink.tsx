import type { ReactNode } from 'react';
import { pathFor, type RouteName } from 'shared';
import { ChevronIcon } from 'shared/ui';

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
