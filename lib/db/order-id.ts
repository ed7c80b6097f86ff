import { randomBytes } from 'node:crypto';

/*
 * The shape of an order's id, apart from the database code: proxy.ts tells an address that cannot be an order from
 * one that may be before any page renders, and its bundle must not carry drizzle or the schema.
 */

/** 128 random bits, URL-safe: the buyer's only key to the order, so it must not be guessable. */
export const newOrderId = () => randomBytes(16).toString('base64url');

/** Whether a text has the shape of {@link newOrderId}'s ids: 22 URL-safe base64 characters. */
export const isOrderId = (id: string): boolean => /^[\w-]{22}$/.test(id);
