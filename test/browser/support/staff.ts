import type { Page } from 'playwright-core';

import { baseUrl } from './browser';
import { TEST_ADMIN } from './global-setup';

/** Logs the page in as staff the quick way: a token from the login API (from its own visitor address), stored as the admin stores it. */
export async function asStaff(page: Page, address = '203.0.113.240'): Promise<void> {
  const { token, email } = (await (
    await fetch(`${baseUrl()}/api/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address }, body: JSON.stringify(TEST_ADMIN) })
  ).json()) as { token: string; email: string };
  await page.goto('/');
  await page.evaluate(([value, stored]) => {
    localStorage.setItem('norrsken_admin_token', value);
    localStorage.setItem('norrsken_admin_email', stored);
  }, [token, email]);
}
