/**
 * The console as an admin uses it in the e2e tests: the first owner's sign-up through the kit's own
 * pages, its regions and toasts by their accessible names, and the check every console page gets
 * (no serious or critical axe violation, at 1280 px and 768 px, with nothing scrolling sideways).
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Signs up a console account (the first one owns the development project) and waits for its projects. */
export async function signUpInConsole(page: Page, apiUrl: string, email: string, password: string) {
  await page.goto(`${apiUrl}/console/handler/sign-up`);
  await page.getByRole('tab', { name: 'Email & Password' }).click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL(/\/console\/projects/);
  await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
}

/** A section of a console page, by its heading. */
export const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** A toast saying `text`. */
export const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text);

/**
 * No serious or critical axe violation on the page as it is, at 1280 px and at 768 px, and nothing
 * of the page scrolling sideways at either. `exclude`: selectors axe cannot enter (a sandboxed
 * iframe of the author's own email).
 */
export async function checkConsolePage(page: Page, name: string, options: { exclude?: string[] } = {}) {
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    let builder = new AxeBuilder({ page: page as never });
    for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
    const { violations } = await builder.analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `${name} at ${width} px`,
    ).toEqual([]);
    const overflow = await page
      .locator('#console-main')
      .evaluate((main) => main.scrollWidth - main.clientWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(1);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
