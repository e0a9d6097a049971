import type { CSSProperties, ReactNode } from 'react';
import type { RepayColors, Tone } from './statusColors';

/** A status word with the server's colour for its tone (a dot and border: the text keeps its contrast). */
export function ToneBadge({ tone, colors, fallbackClass, children, testId }: {
  tone: Tone | null;
  colors: RepayColors | undefined;
  /** the kit's badge used until the colours arrive, or for a status they do not cover */
  fallbackClass: string;
  children: ReactNode;
  testId?: string;
}) {
  if (!tone || !colors) return <span className={fallbackClass} data-testid={testId}>{children}</span>;
  return (
    <span className="badge repay-tone" data-tone={tone} style={{ '--tone': colors[tone] } as CSSProperties} data-testid={testId}>
      {children}
    </span>
  );
}
