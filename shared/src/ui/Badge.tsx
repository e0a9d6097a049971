/** Status words as badges: one tone per status, and a colour the server may give instead (never the only signal: the word is always there). */
import type { CSSProperties, ReactNode } from 'react';
import type { OrderStatusText } from 'shared';

export type BadgeTone = 'neutral' | 'warn' | 'danger';

/** a colour from the server (e.g. repay-color) for a named tone: shown as a dot and a border, the word keeps the text colour */
export interface ServerColour {
  tone: string;
  color: string;
}

export function Badge({ tone = 'neutral', server, testId, children }: { tone?: BadgeTone; server?: ServerColour; testId?: string; children: ReactNode }) {
  if (server) {
    return (
      <span className="badge badge--server" data-tone={server.tone} style={{ '--tone': server.color } as CSSProperties} data-testid={testId}>
        {children}
      </span>
    );
  }
  return (
    <span className={tone === 'neutral' ? 'badge' : `badge badge--${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}

/** the one tone of each order status */
export const ORDER_STATUS_TONES: Record<OrderStatusText, BadgeTone> = {
  assessing: 'warn',
  repaying: 'neutral',
  overdue: 'danger',
  finished: 'neutral',
  addingCard: 'warn',
  incomplete: 'warn',
  disbursing: 'neutral',
  cancelled: 'warn',
  rejected: 'danger',
  failed: 'danger',
};

/** An order's status: `label` is its word in the screen's language; `server`, the server's colour for it when there is one. */
export function StatusBadge({
  text,
  label,
  server,
  testId = 'status-badge',
}: {
  text: OrderStatusText;
  label: ReactNode;
  server?: ServerColour;
  testId?: string;
}) {
  return (
    <Badge tone={ORDER_STATUS_TONES[text]} server={server} testId={testId}>
      {label}
    </Badge>
  );
}
