/**
 * The accessibility check of every page in CI: axe-core (through its Playwright runner) on the
 * page as it is now; a serious or critical violation fails, listed with the elements it hit.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious and critical violations on `page`, one line each (rule, impact, elements).
 * `exclude`: selectors axe must not enter, such as a frame with every sandbox restriction (axe
 * waits forever inside one).
 */
export async function seriousViolations(page: Page, options: { exclude?: string[] } = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page: page as never });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
