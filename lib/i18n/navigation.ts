import { createNavigation } from 'next-intl/navigation';
import { routing } from './routing';

/** Locale-aware navigation: use these instead of next/link and next/navigation inside app/[locale]. */
export const { Link, redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
