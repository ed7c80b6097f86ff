import { calendarDayIn, VIGNETTE_TIME_ZONE } from '@/lib/time-zones';
import type { Validity } from './validity';

/**
 * Where a vignette bought in this shop stands today, for the validity check by plate:
 * - `ACTIVE`: today (in Hungary) is one of its days;
 * - `UPCOMING`: its first day is still ahead;
 * - `ENDED`: its last day is behind;
 * - `REFUNDED`: its order was refunded (or cancelled): whatever its days say, it is not the buyer's any more.
 */
export type VignetteCheckStatus = 'ACTIVE' | 'UPCOMING' | 'ENDED' | 'REFUNDED';

/**
 * The status of a delivered vignette at `now`. Its days are Hungarian calendar days, so today is Budapest's
 * (lib/time-zones.ts), never the server's or the visitor's.
 */
export function vignetteCheckStatus(validity: Validity, refunded: boolean, now: Date): VignetteCheckStatus {
  if (refunded) return 'REFUNDED';
  const today = calendarDayIn(VIGNETTE_TIME_ZONE, now);
  // Fixed-width ISO days compare correctly as strings.
  if (today < validity.firstDay) return 'UPCOMING';
  if (today > validity.lastDay) return 'ENDED';
  return 'ACTIVE';
}

/** The order in which the check lists a plate's vignettes: what covers the car today first, then what comes, then the past. */
const STATUS_ORDER: Record<VignetteCheckStatus, number> = { ACTIVE: 0, UPCOMING: 1, ENDED: 2, REFUNDED: 3 };

/** Sorts a plate's vignettes for the check: by status, then the latest last day first. */
export function byCheckOrder<T extends { status: VignetteCheckStatus; lastDay: string; firstDay: string }>(
  a: T,
  b: T,
): number {
  return (
    STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
    b.lastDay.localeCompare(a.lastDay) ||
    b.firstDay.localeCompare(a.firstDay)
  );
}

/**
 * The Hungarian operator's own validity check, which sees every e-vignette wherever it was bought: the check by plate
 * shows only this shop's, and sends the driver there for the rest.
 */
export const OFFICIAL_CHECK_URL = 'https://ematrica.nemzetiutdij.hu/';
