/**
 * How the server's main thread divided in the purchase bench's measured window: what the purchase's requests took,
 * and what was left for everything else (the background jobs, and the sandbox providers' side of their calls, which
 * the same process serves). The requests' part is the rate of paid purchases times what those requests cost the main
 * thread when each kind ran alone; P4 rises and falls with the rest, which the window's own figures cannot split.
 */

const round = (value: number, places = 1) => Number(value.toFixed(places));

export interface MainThreadShares {
  /** Main-thread milliseconds of one purchase's requests, each kind measured alone. */
  purchaseRequestsMs: number;
  /** Those requests at the window's rate, as a percentage of the main thread. */
  requestsPercent: number;
  /** How busy the main thread was in the window (the profile's figure). */
  busyPercent: number;
  /** The busy time the requests do not explain: the background and whatever else ran. */
  restPercent: number;
  /** What P4's goal allows the same requests if nothing else ran: the baseline's cost per request × count ÷ goal. */
  allowedRequestsMs: number;
}

export function mainThreadShares({
  purchasesPerSecond,
  requestMainMs,
  baselineMainMs,
  busyPercent,
  ofCeilingGoal,
}: {
  purchasesPerSecond: number;
  /** Each of the purchase's request kinds alone: main-thread ms per request. */
  requestMainMs: number[];
  /** The baseline request alone: main-thread ms per request. */
  baselineMainMs: number;
  busyPercent: number;
  ofCeilingGoal: number;
}): MainThreadShares {
  const purchaseRequestsMs = requestMainMs.reduce((sum, ms) => sum + ms, 0);
  // Purchases per second × ms per purchase = ms of each second: a tenth of that is the percentage.
  const requestsPercent = (purchasesPerSecond * purchaseRequestsMs) / 10;
  return {
    purchaseRequestsMs: round(purchaseRequestsMs, 2),
    requestsPercent: round(requestsPercent),
    busyPercent,
    restPercent: round(Math.max(0, busyPercent - requestsPercent)),
    allowedRequestsMs: round((requestMainMs.length * baselineMainMs) / ofCeilingGoal, 2),
  };
}
