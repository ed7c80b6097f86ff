import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};

/**
 * False in the server's HTML and until React has taken the page over, then true. A form rendered on the server is
 * shown at once but waits, disabled, until its scripts run: submitted before, the browser would send it as a GET to
 * the page itself (the phone and e-mail in the address) and React would then reset what was chosen.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
