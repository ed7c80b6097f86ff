import 'server-only';

import { EventEmitter } from 'node:events';

/**
 * In-process news that an order's payment state changed, so that a buyer's return request waiting for the
 * notification wakes at once instead of polling the database. Another server's change is not heard here: the
 * waiter also reads the database again at each timeout.
 */
const events = new EventEmitter();
events.setMaxListeners(0);

export const announceOrderChange = (orderId: string) => {
  events.emit(orderId);
};

/** Resolves when `orderId` changes in this process, or after `ms`. */
export function orderChangeOrTimeout(orderId: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      events.off(orderId, done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    events.once(orderId, done);
  });
}
