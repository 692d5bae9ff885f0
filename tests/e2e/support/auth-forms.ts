/** The example app's auth forms as a user fills them, for tests that need a signed-in user first. */
import type { Page } from 'playwright-core';

/** Signs a new user up on the 'Email & Password' tab and waits for the home page to say so. */
export async function signUpWithPassword(page: Page, appUrl: string, email: string, password: string) {
  await page.goto(`${appUrl}/handler/sign-up`);
  await page.getByRole('tab', { name: 'Email & Password' }).click();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.getByTestId('current-user').filter({ hasText: 'Signed in as' }).waitFor();
}
