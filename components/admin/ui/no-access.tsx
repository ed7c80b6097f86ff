'use client';

import { useTranslations } from 'next-intl';
import { Notice } from './notice';

/** A screen the signed-in user's role does not include (the server refuses it anyway). */
export function NoAccess() {
  const t = useTranslations('Admin.shell');
  return <Notice tone="info">{t('noAccess')}</Notice>;
}
