import { AppRoute, AuthText } from '@atrium/protocol';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AuthWebText } from '../apps/web/src/shared/auth/texts.ts';
import { useBrowser, openPage, saveScreenshot, seriousA11yViolations } from './support/browser.ts';
import { tokenLink, waitForMail } from './support/mail.ts';
import { lane } from './support/lane.ts';

const baseURL = lane().baseURL;

const screens: Array<{ name: string; options: BrowserContextOptions }> = [
  { name: '1440x900', options: { viewport: { width: 1440, height: 900 } } },
  {
    name: '390x844',
    options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
];

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Registers through the API and returns the activation link from the real mail. */
async function registerByApi(page: Page, email: string, password: string): Promise<URL> {
  const res = await page.request.post(`${baseURL}/api/auth/register`, {
    data: { email, password, repeat_password: password },
  });
  expect(res.status()).toBe(200);
  return tokenLink(await waitForMail(email));
}

describe.each(screens)('where an account link lands, at $name', ({ name, options }) => {
  const browser = useBrowser();
  const stamp = `${Date.now().toString(36)}-${name}`;

  it('says a second click on the activation link found the account already active', async () => {
    const { page, errors } = await openPage(browser(), options);
    const email = `twice-${stamp}@school.e2e.test`;
    const link = await registerByApi(page, email, 'lantern harbour meadow');

    await page.goto(link.toString());
    await page.getByText(AuthText.activated).first().waitFor();

    // The second click, e.g. from the mail again a day later.
    await page.goto(link.toString());
    const notice = page.getByRole('status').filter({ hasText: AuthText.alreadyActive });
    await notice.waitFor();
    expect(await notice.getByText(AuthWebText.alreadyActiveTitle).isVisible()).toBe(true);
    expect(await page.getByText(AuthWebText.activationFailedTitle).count()).toBe(0);
    expect(await page.getByText(AuthText.invalidToken).count()).toBe(0);
    const toLogin = notice.getByRole('link', { name: AuthWebText.goToLogin });
    expect(await toLogin.isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    await expectNoSidewaysScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, `accounts-already-active-${name}`);

    await toLogin.click();
    await page.getByRole('heading', { name: AuthWebText.loginTitle }).waitFor();
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  });

  it('after a password reset, lands on the login box with a success message', async () => {
    const { page, errors } = await openPage(browser(), options);
    const email = `reset-${stamp}@school.e2e.test`;
    const activation = await registerByApi(page, email, 'first password 123');
    const token = activation.searchParams.get('token');
    const activated = await page.request.post(`${baseURL}/api/auth/activate`, {
      data: { token },
    });
    expect(activated.status()).toBe(200);
    const forgot = await page.request.post(`${baseURL}/api/auth/forgot-password`, {
      data: { email },
    });
    expect(forgot.status()).toBe(200);
    // The activation mail went to the same address; wait for the recovery one.
    const link = tokenLink(await waitForRecovery(email));
    expect(link.pathname).toBe(AppRoute.forgot);

    await page.goto(link.toString());
    await page.getByLabel(AuthWebText.newPassword, { exact: true }).fill('second password 456');
    await page.getByLabel(AuthWebText.confirmPassword, { exact: true }).fill('second password 456');
    await page.getByRole('button', { name: AuthWebText.changePassword }).click();

    const done = page.getByRole('heading', { name: AuthWebText.passwordChangedTitle });
    await done.waitFor();
    expect(await page.getByText(AuthText.recovered).isVisible()).toBe(true);
    // Neither form comes back while the page waits to move on.
    expect(await page.getByLabel(AuthWebText.email, { exact: true }).count()).toBe(0);
    expect(await page.getByLabel(AuthWebText.newPassword, { exact: true }).count()).toBe(0);
    expect(await done.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(page.url()).search).toBe('');
    await expectNoSidewaysScroll(page);
    await saveScreenshot(page, `accounts-password-changed-${name}`);

    // SPEC §2: after 3 s the visitor moves on, here to where they can log in.
    const changedAt = Date.now();
    await page.waitForURL(`${baseURL}${AppRoute.home}`, { timeout: 10_000 });
    expect(Date.now() - changedAt).toBeLessThan(10_000);
    const loginBox = page.getByRole('region', { name: AuthWebText.loginTitle });
    await loginBox.waitFor();
    const message = loginBox.getByRole('status').filter({ hasText: AuthText.recovered });
    expect(await message.isVisible()).toBe(true);
    const username = page.getByLabel(AuthWebText.usernameOrEmail, { exact: true });
    // Focus waits for the page's own move to <main> after navigating; the box then takes it.
    await expect.poll(() => username.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoSidewaysScroll(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, `accounts-login-after-reset-${name}`);

    await username.fill(email);
    await page.getByLabel(AuthWebText.password, { exact: true }).fill('second password 456');
    await page.getByRole('button', { name: AuthWebText.logIn, exact: true }).click();
    await page.getByRole('region', { name: AuthWebText.updateUsernameTitle }).waitFor();
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  });
});

/** The newest mail to `to` that carries a recovery link. */
const waitForRecovery = (to: string) =>
  waitForMail(to, (mail) => mail.text.includes(AppRoute.forgot));
