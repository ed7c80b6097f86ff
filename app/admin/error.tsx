'use client';

import { useTranslations } from 'next-intl';
import { Notice } from '@/components/admin/ui/notice';
import { secondaryButton } from '@/components/admin/ui/styles';

/**
 * A back-office screen that failed while rendering (a bug, an answer of an unexpected shape): the staff member's
 * language and the back-office's header and menu stay (this boundary sits inside app/admin/layout.tsx), instead of
 * the shop's global error page, which speaks to buyers in Romanian. "Try again" loads the screen anew: rendered
 * again with SWR's cached answers it would fail the same way, and the session survives a reload (localStorage).
 */
export default function AdminError() {
  const t = useTranslations('Admin.shell');
  return (
    <div className="space-y-4" data-testid="admin-screen-error">
      <Notice tone="error" urgent>
        {t('screenError')}
      </Notice>
      <button type="button" className={secondaryButton} onClick={() => window.location.reload()}>
        {t('retry')}
      </button>
    </div>
  );
}
