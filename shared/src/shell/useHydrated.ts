/**
 * False while React hydrates a pre-rendered page, true after (and in any screen rendered on the
 * phone): what a screen shows from the phone's own storage (a countdown, a stored draft's state)
 * is left out of the hydrating render, which must match the markup rendered with nothing stored,
 * and shown in the render right after.
 */
import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
