import { addDays } from '@/lib/dates/calendar-dates';
import type { VignetteType } from '@/lib/vignettes/periods';
import { budapestToday, validityOf, type Validity } from '@/lib/vignettes/validity';

/*
 * The rules of "my orders" that need no database: how an e-mail is compared, how long a link and a session last, how a
 * vignette stands today, and what "buy the same again" starts on. Every date is a Budapest calendar day, and the
 * clock is always passed in.
 */

/** A sign-in link works once, for this long after it was asked for. */
export const SIGN_IN_LINK_TTL_MS = 30 * 60_000;

/** A buyer's session lasts a day on the browser that opened it, unless ended sooner. */
export const BUYER_SESSION_TTL_MS = 24 * 3600_000;

/**
 * An e-mail as the orders are looked up by it: trimmed and lower-cased, the form the orders' `lower(email)` index
 * compares (the orders keep the address as typed).
 */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * How the buyer's list names an order: its short reference (`RP-7K3-9QX`), the one its e-mails and page show, or its
 * id for an order older than references.
 */
export const orderReference = (order: { id: string; reference: string | null }) =>
  order.reference ?? order.id;

/** A vignette today: valid now, valid from a later day, or over. */
export type VignetteStanding = 'ACTIVE' | 'UPCOMING' | 'ENDED';

/**
 * How a vignette stands at `now` in Hungary: its first and last days are whole Budapest days, both inclusive (a
 * vignette bought for today was valid from its payment, which came before the buyer could see it).
 */
export function vignetteStanding(validity: Validity, now: Date): VignetteStanding {
  const today = budapestToday(now);
  // Fixed-width ISO days compare correctly as strings.
  if (validity.lastDay < today) return 'ENDED';
  return validity.firstDay > today ? 'UPCOMING' : 'ACTIVE';
}

/** The first day of "the same again": the day after the current one ends, or today if it has ended. */
export function sameAgainStart(lastDay: string, now: Date): string {
  const today = budapestToday(now);
  const next = addDays(lastDay, 1);
  return next > today ? next : today;
}

/** The vignette "buy the same again" asks for: the same vehicle, category, period and county, from its new start. */
export interface SameAgainVignette {
  categoryCode: string;
  type: VignetteType;
  plate: string;
  country: string;
  county?: string;
  /** As the API takes it: the start day, for a yearly vignette the day that stands for its year. */
  startDate: string;
  firstDay: string;
  lastDay: string;
}

/**
 * The next vignette after `vignette`. A yearly one's start stands for its year (the one after the current vignette's,
 * whose last day is 31 January of the year after its own), so the validity is that year's, from today if it is this
 * year. A start further ahead than the shop sells yet is kept: the cart's quote says when it can be bought. A vignette
 * that was never issued (its order not paid) has no current one to follow: the same again starts on its first day, or
 * today if that has passed.
 */
export function sameAgain(
  vignette: {
    categoryCode: string;
    type: VignetteType;
    plate: string;
    country: string;
    county?: string | null;
  },
  validity: Validity,
  now: Date,
  issued = true,
): SameAgainVignette {
  const today = budapestToday(now);
  const notBefore = validity.firstDay > today ? validity.firstDay : today;
  const startDate = issued ? sameAgainStart(validity.lastDay, now) : notBefore;
  const next = validityOf(vignette.type, { startDate }, now);
  return {
    categoryCode: vignette.categoryCode,
    type: vignette.type,
    plate: vignette.plate,
    country: vignette.country,
    ...(vignette.county ? { county: vignette.county } : {}),
    startDate,
    firstDay: next.firstDay,
    lastDay: next.lastDay,
  };
}
