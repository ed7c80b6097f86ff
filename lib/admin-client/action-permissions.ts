'use client';

import { ACTION_AUTHORITIES, type OrderAction } from '@/lib/auth/permissions';
import { hasPermission, useSession } from './session';

/**
 * Which of staff's actions on an order the signed-in user's role grants, from the table the server checks
 * (ACTION_AUTHORITIES). It only shapes the screen: an action that is not granted is named as an administrator's
 * rather than hidden, and the server refuses it anyway.
 */
export function useActionPermissions(): Record<OrderAction, boolean> {
  const session = useSession();
  return Object.fromEntries(
    Object.entries(ACTION_AUTHORITIES).map(([action, authority]) => [
      action,
      hasPermission(authority, session),
    ]),
  ) as Record<OrderAction, boolean>;
}
