import { defineRouting } from 'next-intl/routing';

export const routing = defineRouting({
  locales: ['ro', 'en', 'de', 'hu'],
  defaultLocale: 'ro',
});
