import type { ReactNode } from 'react';

export interface ContactRowProps {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  /** the tap action (call, write, chat), as a link */
  action?: { href: string; label: string; external?: boolean; testId?: string };
  testId?: string;
}

/** One line of the contact card: what it is, the value, and the tap action. */
export function ContactRow({ icon, label, value, action, testId }: ContactRowProps) {
  return (
    <li className="uc-contact" data-testid={testId}>
      {icon}
      <div className="uc-contact__text">
        <span className="uc-contact__label">{label}</span>
        <span className="uc-contact__value">{value}</span>
      </div>
      {action ? (
        <a
          className="btn btn--secondary uc-contact__action"
          href={action.href}
          data-testid={action.testId}
          {...(action.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {action.label}
        </a>
      ) : null}
    </li>
  );
}
