'use client';

import { Link, usePathname } from '@/lib/i18n/navigation';
import { isActiveTab, MAIN_NAVIGATION, type NavigationLabels } from './navigation-items';

interface Props {
  labels: NavigationLabels;
  className: string;
  linkClassName: string;
  onNavigate?: () => void;
}

/** The five tabs of the header and of the side menu; the current section's tab is marked `aria-current`. */
export function MainNavigation({ labels, className, linkClassName, onNavigate }: Props) {
  const pathname = usePathname();
  return (
    <nav aria-label={labels.mainLabel} className={className}>
      {MAIN_NAVIGATION.map((item) => (
        <Link
          key={item.key}
          href={item.href}
          aria-current={isActiveTab(item.href, pathname) ? 'page' : undefined}
          onClick={onNavigate}
          className={linkClassName}
        >
          {labels[item.key]}
        </Link>
      ))}
    </nav>
  );
}
