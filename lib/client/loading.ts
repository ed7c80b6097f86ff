import { useSyncExternalStore } from 'react';

/**
 * The shell's loading state (docs/screens.md, Shell): a count of pending HTTP requests behind the loading bar, hidden
 * 500 ms after the last one ends, and a flag for the full-screen overlay of long operations.
 */
export const LOADING_HIDE_DELAY_MS = 500;

interface LoadingState {
  barVisible: boolean;
  overlayVisible: boolean;
}

let pending = 0;
let navigating = false;
let overlayCount = 0;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
let state: LoadingState = { barVisible: false, overlayVisible: false };
const listeners = new Set<() => void>();

function publish(next: Partial<LoadingState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function update() {
  if (pending > 0 || navigating) {
    clearTimeout(hideTimer);
    hideTimer = undefined;
    if (!state.barVisible) publish({ barVisible: true });
  } else if (state.barVisible && !hideTimer) {
    hideTimer = setTimeout(() => {
      hideTimer = undefined;
      publish({ barVisible: false });
    }, LOADING_HIDE_DELAY_MS);
  }
}

export const loading = {
  requestStarted() {
    pending++;
    update();
  },
  requestEnded() {
    pending = Math.max(0, pending - 1);
    update();
  },
  navigationStarted() {
    navigating = true;
    update();
  },
  navigationEnded() {
    navigating = false;
    update();
  },
  /** Shows the overlay until the returned function is called. */
  showOverlay(): () => void {
    overlayCount++;
    publish({ overlayVisible: true });
    let done = false;
    return () => {
      if (done) return;
      done = true;
      overlayCount--;
      publish({ overlayVisible: overlayCount > 0 });
    };
  },
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const SERVER_STATE: LoadingState = { barVisible: false, overlayVisible: false };

export const useLoading = () =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  );
