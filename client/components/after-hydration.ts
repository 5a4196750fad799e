import { useSyncExternalStore } from 'react';

/** Nothing to subscribe to: what these read differs only between the server (and hydration) and afterwards. */
export const noChanges = () => () => undefined;

/** False on the server and while hydrating, true after: for what must not render (or suspend) in the server's HTML. */
export const useHydrated = (): boolean => useSyncExternalStore(noChanges, () => true, () => false);
