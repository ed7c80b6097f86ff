/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NavigationLabels } from '@/components/layout/navigation-items';
import { SiteHeader } from '@/components/layout/site-header';
import ro from '@/messages/ro.json';

jest.mock('next/navigation', () => ({
  usePathname: () => '/ro',
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), prefetch: jest.fn() }),
}));

const labels = ro.Navigation as unknown as NavigationLabels;

const renderHeader = () => render(<SiteHeader labels={labels} languageLabel="Limba: română" />);

/** Opens the menu with the burger and waits for its code, loaded on first use. */
async function openMenu() {
  const toggle = screen.getByRole('button', { name: labels.openMenu });
  await userEvent.click(toggle);
  await screen.findByRole('dialog');
  return toggle;
}

const closeButton = () => screen.getByRole('button', { name: labels.closeMenu });

const menuClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

describe('the side menu', () => {
  it('has exactly one close control, labelled, inside the menu', async () => {
    renderHeader();
    await openMenu();
    const close = screen.getAllByRole('button', { name: labels.closeMenu });
    expect(close).toHaveLength(1);
    expect(document.getElementById('mobile-menu')).toContainElement(close[0]!);
    // The page behind, the header's toggle with it, is out of reach while the menu is open.
    expect(screen.queryByRole('button', { name: labels.openMenu })).not.toBeInTheDocument();
  });

  it('keeps the page behind out of reach in a header made anew (a change of language) as well', async () => {
    renderHeader().unmount();
    renderHeader();
    await openMenu();
    expect(screen.getAllByRole('button', { name: labels.closeMenu })).toHaveLength(1);
    expect(screen.queryByRole('link', { name: labels.homeLabel })).not.toBeInTheDocument();
  });

  it('draws its cross where the header’s burger is, not over the language switcher', async () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: labels.openMenu });
    jest.spyOn(toggle, 'getBoundingClientRect').mockReturnValue(new DOMRect(331, 10, 44, 44));
    await openMenu();
    expect(closeButton()).toHaveStyle({ top: '10px', left: '331px' });
  });

  it('closes with a click on its close button and gives the focus back to the toggle', async () => {
    renderHeader();
    const toggle = await openMenu();
    await userEvent.click(closeButton());
    await menuClosed();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes from the keyboard on its close button and gives the focus back to the toggle', async () => {
    renderHeader();
    const toggle = await openMenu();
    closeButton().focus();
    await userEvent.keyboard('{Enter}');
    await menuClosed();
    expect(toggle).toHaveFocus();
  });

  it('closes with Escape and gives the focus back to the toggle', async () => {
    renderHeader();
    const toggle = await openMenu();
    closeButton().focus();
    await userEvent.keyboard('{Escape}');
    await menuClosed();
    expect(toggle).toHaveAccessibleName(labels.openMenu);
    expect(toggle).toHaveFocus();
  });
});
