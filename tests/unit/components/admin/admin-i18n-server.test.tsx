/** @jest-environment node */
import { useTranslations } from 'next-intl';
import { renderToString } from 'react-dom/server';
import { AdminI18nProvider, type AdminCatalog } from '@/components/admin/admin-i18n';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import hu from '@/messages/hu.json';
import ro from '@/messages/ro.json';

const pick = ({ Admin, Validation, Billing, EmailSuggestion }: typeof ro) => ({
  Admin,
  Validation,
  Billing,
  EmailSuggestion,
});
const catalog = { ro: pick(ro), en: pick(en), de: pick(de), hu: pick(hu) } as unknown as AdminCatalog;

function ErrorsTitle() {
  const t = useTranslations('Admin.errors');
  return <p>{t('generic')}</p>;
}

describe("the back-office's texts rendered on the server", () => {
  it('are rendered in the default language with the shop’s time zone: next-intl reports nothing', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const html = renderToString(
        <AdminI18nProvider catalog={catalog}>
          <ErrorsTitle />
        </AdminI18nProvider>,
      );
      expect(html).toContain(ro.Admin.errors.generic);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});
