import type { Page } from 'playwright-core';

import { baseUrl, openPage, useBrowser, waitForHydration } from './support/browser';
import { TEST_ADMIN } from './support/global-setup';

const TOKEN_KEY = 'norrsken_admin_token';
const EMAIL_KEY = 'norrsken_admin_email';

async function logIn(page: Page, password = TEST_ADMIN.password): Promise<void> {
  await page.goto('/secure-admin-42/login/');
  await waitForHydration(page);
  await page.getByLabel('E-post').fill(TEST_ADMIN.email);
  await page.getByLabel('Lösenord').fill(password);
  await page.getByRole('button', { name: 'Logga in' }).click();
}

describe('Staff admin: guard, login and logout', () => {
  const chromium = useBrowser();

  it('spec 4: with no stored token an admin page goes straight to the login, in Swedish', async () => {
    const { page } = await openPage(chromium.browser);
    await page.goto('/secure-admin-42/bookings/');
    await page.waitForURL('**/secure-admin-42/login/');
    await page.getByRole('heading', { name: 'Logga in' }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('sv');
    await page.context().close();
  });

  it('spec 4: shows the verifying message while checking, then the page for a good token', async () => {
    const { page, errors } = await openPage(chromium.browser);
    await logIn(page);
    await page.waitForURL('**/secure-admin-42/dashboard/');
    await page.getByRole('heading', { name: 'Översikt' }).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), EMAIL_KEY)).toBe(TEST_ADMIN.email);

    let release: () => void = () => undefined;
    await page.route('**/api/admin/validate-token', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue();
    });
    await page.goto('/secure-admin-42/chat-logs/');
    await page.getByText('Verifierar inloggning…').waitFor();
    release();
    await page.getByRole('heading', { name: 'Chattloggar' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says one thing in Swedish for wrong credentials', async () => {
    const { page } = await openPage(chromium.browser);
    await logIn(page, 'not the password');
    await page.getByRole('alert').filter({ hasText: 'Fel e-postadress eller lösenord.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/secure-admin-42/login/');
    await page.context().close();
  });

  it('spec 4: a token the server rejects is removed with the email, and the guard sends to the login', async () => {
    const { page } = await openPage(chromium.browser);
    await page.goto('/');
    await page.evaluate(([tokenKey, emailKey]) => {
      localStorage.setItem(tokenKey, 'forged.token.value');
      localStorage.setItem(emailKey, 'someone@norrsken.test');
    }, [TOKEN_KEY, EMAIL_KEY]);
    await page.goto('/secure-admin-42/');
    await page.waitForURL('**/secure-admin-42/login/');
    expect(await page.evaluate(([tokenKey, emailKey]) => [localStorage.getItem(tokenKey), localStorage.getItem(emailKey)], [TOKEN_KEY, EMAIL_KEY])).toEqual([null, null]);
    await page.context().close();
  });

  it('spec 2: Logga ut clears the token and email, ends the token on the server and goes to the login', async () => {
    const { page } = await openPage(chromium.browser);
    await logIn(page);
    await page.waitForURL('**/secure-admin-42/dashboard/');
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    const logout = page.waitForResponse((response) => response.url().endsWith('/api/admin/logout'));
    await page.getByRole('button', { name: 'Logga ut' }).click();
    await page.waitForURL('**/secure-admin-42/login/');
    expect((await logout).status()).toBe(200);
    expect(await page.evaluate(([tokenKey, emailKey]) => [localStorage.getItem(tokenKey), localStorage.getItem(emailKey)], [TOKEN_KEY, EMAIL_KEY])).toEqual([null, null]);
    const check = await fetch(`${baseUrl()}/api/admin/validate-token`, { headers: { Authorization: `Bearer ${token}` } });
    expect(check.status).toBe(401);
    await page.context().close();
  });
});
