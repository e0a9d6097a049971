/** The personal and work-info screens: the saved profile and the states list, loaded together, then the form. */
import type { ReactNode } from 'react';
import { endpoints, useRequest, type ResponseOf } from 'shared';
import { ErrorState, Page, Skeleton } from 'shared/ui';
import { useBorrowerId } from './borrower';

type Profile = ResponseOf<typeof endpoints.userProfile>;
type States = ResponseOf<typeof endpoints.states>['states'];

/** `back`: the step's header back (stepBack), the form's own, so a tap while loading or after a failure goes where the form's goes */
export function WithProfileAndStates({
  title,
  back,
  children,
}: {
  title: string;
  back?: () => void;
  children: (profile: Profile, states: States) => ReactNode;
}) {
  const profile = useRequest(endpoints.userProfile, {});
  const states = useRequest(endpoints.states, {});
  const { waiting } = useBorrowerId();
  const error = profile.error ?? states.error;
  if (error) {
    return (
      <Page title={title} back={back}>
        <ErrorState
          error={error}
          onRetry={() => {
            profile.reload();
            states.reload();
          }}
        />
      </Page>
    );
  }
  if (!profile.data || !states.data || waiting) {
    return (
      <Page title={title} back={back}>
        <Skeleton lines={8} height={44} />
      </Page>
    );
  }
  return children(profile.data, states.data.states);
}
