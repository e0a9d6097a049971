/** Inline icons (no icon font to download). `mirror` ones flip in RTL. */
import type { ReactNode } from 'react';

const base = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

/** A 24-unit stroked line icon, hidden from screen readers; remotes draw theirs with it too. */
export function Icon({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <svg {...base} className={className}>
      {children}
    </svg>
  );
}

export const BackIcon = () => (
  <Icon className="mirror">
    <path d="M15 18l-6-6 6-6" />
  </Icon>
);
export const ChevronIcon = () => (
  <Icon className="chev mirror">
    <path d="M9 18l6-6-6-6" />
  </Icon>
);
export const HomeIcon = () => (
  <Icon>
    <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
  </Icon>
);
export const ListIcon = () => (
  <Icon>
    <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />
  </Icon>
);
export const UserIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
  </Icon>
);
