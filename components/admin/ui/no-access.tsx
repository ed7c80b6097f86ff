'use client';

import { useAdminText } from '../admin-i18n';
import { Notice } from './notice';

/** A screen the signed-in user's role does not include (the server refuses it anyway). */
export function NoAccess() {
  const { t } = useAdminText();
  return <Notice tone="info">{t.shell.noAccess}</Notice>;
}
