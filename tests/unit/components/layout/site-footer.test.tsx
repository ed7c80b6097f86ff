/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { SiteFooterView } from '@/components/layout/site-footer-view';
import { COMPANY, officeHours } from '@/lib/company';
import ro from '@/messages/ro.json';

jest.mock('next/navigation', () => ({
  usePathname: () => '/ro',
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
  useParams: () => ({ locale: 'ro' }),
}));

describe('SiteFooterView', () => {
  it('shows the texts it is given, and links every footer page', () => {
    const labels = {
      ...ro.Footer,
      hours: ro.Footer.hours.replace('{hours}', officeHours),
      copyright: ro.Footer.copyright
        .replace('{year}', String(COMPANY.foundingYear))
        .replace('{company}', COMPANY.name),
    };
    render(<SiteFooterView labels={labels} navigation={ro.Navigation} />);
    expect(screen.getByText(ro.Footer.hours.replace('{hours}', officeHours))).toBeTruthy();
    expect(
      screen.getByText(
        ro.Footer.copyright
          .replace('{year}', String(COMPANY.foundingYear))
          .replace('{company}', COMPANY.name),
      ),
    ).toBeTruthy();
    const links = screen.getByRole('navigation', { name: ro.Footer.linksLabel });
    expect(links.querySelectorAll('a')).toHaveLength(8);
    expect(screen.getByRole('button', { name: ro.Footer.cookieSettings })).toBeTruthy();
    expect(screen.getByRole('img', { name: ro.Footer.anpcSal })).toBeTruthy();
  });
});
