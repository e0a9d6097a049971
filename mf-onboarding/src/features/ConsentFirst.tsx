/**
 * A screen that uses the camera or the phone's data: shown only once the borrower has agreed to
 * the device permissions; otherwise they go to the permissions screen, which brings them back.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { type RouteName } from 'shared';
import { ErrorState, Skeleton } from 'shared/ui';
import { consentFirst } from './permissions';

export function ConsentFirst({ route, children }: { route: RouteName; children: React.ReactNode }) {
  const [state, setState] = useState<'checking' | 'agreed' | 'failed'>('checking');
  const check = () => {
    setState('checking');
    consentFirst(route).then(
      (ok) => ok && setState('agreed'),
      () => setState('failed'),
    );
  };
  useEffect(check, [route]);
  if (state === 'agreed') return <>{children}</>;
  if (state === 'failed') return <ErrorState onRetry={check} />;
  return <Skeleton lines={6} height={60} />;
}

/** the lazily loaded screen of `route`, behind the agreement */
export function withConsent(route: RouteName, load: () => Promise<{ default: ComponentType }>) {
  return () =>
    load().then(({ default: Screen }) => ({
      default: function Agreed() {
        return (
          <ConsentFirst route={route}>
            <Screen />
          </ConsentFirst>
        );
      },
    }));
}
