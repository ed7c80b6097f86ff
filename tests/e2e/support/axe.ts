import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules and axe's best practices, as every accessibility walk checks them. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Fails with every axe violation of the page as it stands, each named by the walk's `step`. */
export async function expectNoAxeViolations(page: Page, step: string) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(
    results.violations.map((violation) => `${step}: ${violation.id} (${violation.nodes.length})`),
  ).toEqual([]);
}
