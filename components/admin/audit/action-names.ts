'use client';

import { useMessages, useTranslations } from 'next-intl';

/**
 * An audit action in words: `payment.markActive` → "Comandă marcată activă", from `Admin.audit.actions`, where the
 * name's dot is a level of the messages. A name without a message (one written by a newer server, or retired) is
 * shown as it is.
 */
export function useActionName(): (action: string) => string {
  const t = useTranslations('Admin.audit');
  const { Admin } = useMessages();
  return (action) => {
    let node: unknown = Admin.audit.actions;
    for (const part of action.split('.')) {
      node =
        typeof node === 'object' && node !== null && Object.hasOwn(node, part)
          ? (node as Record<string, unknown>)[part]
          : undefined;
    }
    return typeof node === 'string' ? t(`actions.${action}` as Parameters<typeof t>[0]) : action;
  };
}
