/**
 * The header's and mobile menu's tabs (docs/screens.md, Shell), in order; labels are keys of the Navigation messages.
 */
export const MAIN_NAVIGATION = [
  { key: 'home', href: '/' },
  { key: 'vignette', href: '/vignette' },
  { key: 'prepay', href: '/prepay' },
  { key: 'contact', href: '/contact' },
  { key: 'faq', href: '/faq' },
] as const;

export const LEGAL_NAVIGATION = [
  { key: 'terms', href: '/terms-conditions' },
  { key: 'gdpr', href: '/gdpr' },
  { key: 'cookiePolicy', href: '/cookie-policy' },
] as const;

export const FOOTER_NAVIGATION = [
  { key: 'home', href: '/' },
  { key: 'myOrders', href: '/orders' },
  { key: 'faq', href: '/faq' },
  { key: 'vignetteCheck', href: '/vignette/check' },
  { key: 'contact', href: '/contact' },
  ...LEGAL_NAVIGATION,
] as const;

/** Whether a tab is the current page's: home only on itself, the others on their whole section. */
export const isActiveTab = (href: string, pathname: string) =>
  href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);

/** The header's and menu's texts, translated on the server and handed to the client components. */
export type NavigationLabels = Record<
  | (typeof MAIN_NAVIGATION)[number]['key']
  | (typeof LEGAL_NAVIGATION)[number]['key']
  | 'homeLabel'
  | 'mainLabel'
  | 'legalLabel'
  | 'openMenu'
  | 'closeMenu',
  string
>;
