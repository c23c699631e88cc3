import { AppRoute, AuthText } from '@atrium/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { AuthWebText } from '../apps/web/src/shared/auth/texts.ts';
import { useBrowser, openPage, saveScreenshot, seriousA11yViolations } from './support/browser.ts';
import { tokenLink, waitForMail } from './support/mail.ts';
import { lane } from './support/lane.ts';

const baseURL = lane().baseURL;
const oidcAccount = inject('oidcAccount');

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto(`${baseURL}/`);
  await page.getByRole('heading', { name: AuthWebText.loginTitle }).waitFor();
  await page.getByLabel(AuthWebText.usernameOrEmail, { exact: true }).fill(username);
  await page.getByLabel(AuthWebText.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: AuthWebText.logIn, exact: true }).click();
}

describe('account flows through real mail and a real sign-in provider', () => {
  const browser = useBrowser();
  const stamp = Date.now().toString(36);

  it('registers, activates from the mail, logs in, picks a username and logs out', async () => {
    const email = `new-${stamp}@school.e2e.test`;
    const password = 'lantern harbour meadow';
    const { page, errors } = await openPage(browser());
    await page.goto(`${baseURL}/`);
    await page.getByRole('link', { name: AuthWebText.createAccount }).click();
    await page.getByRole('heading', { name: AuthWebText.registerTitle }).waitFor();
    await page.getByLabel(AuthWebText.email, { exact: true }).fill(email);
    await page.getByLabel(AuthWebText.password, { exact: true }).fill(password);
    await page.getByLabel(AuthWebText.repeatPassword, { exact: true }).fill(password);
    await page.getByRole('button', { name: AuthWebText.createAccountSubmit }).click();
    await page.getByRole('heading', { name: AuthWebText.registeredTitle }).waitFor();
    expect(await page.getByText(AuthText.registered).first().isVisible()).toBe(true);

    const link = tokenLink(await waitForMail(email));
    expect(link.origin).toBe(baseURL);
    expect(link.pathname).toBe(AppRoute.metaverse);
    await page.goto(link.toString());
    await page.getByText(AuthText.activated).first().waitFor();
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    await saveScreenshot(page, 'accounts-activated');

    await logIn(page, email, password);
    const updateBox = page.getByRole('region', { name: AuthWebText.updateUsernameTitle });
    await updateBox.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'accounts-update-username');
    await updateBox.getByLabel(AuthWebText.username).fill(`learner_${stamp}`);
    await updateBox.getByRole('button', { name: AuthWebText.saveUsername }).click();

    const startBox = page.getByRole('region', { name: AuthWebText.startTitle });
    await startBox.waitFor();
    await startBox.getByText(`learner_${stamp} (Member)`).waitFor();
    await startBox.getByRole('button', { name: AuthWebText.logOut }).click();
    await page.getByRole('heading', { name: AuthWebText.loginTitle }).waitFor();
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  });

  it('resets a forgotten password from the mail and logs in with the new one', async () => {
    const { page, errors } = await openPage(browser());
    // An account to recover: registered and activated through the same flow as above.
    const email = `forgetful-${stamp}@school.e2e.test`;
    const register = await page.request.post(`${baseURL}/api/auth/register`, {
      data: { email, password: 'first password 123', repeat_password: 'first password 123' },
    });
    expect(register.status()).toBe(200);
    const activation = tokenLink(await waitForMail(email)).searchParams.get('token');
    expect(
      (
        await page.request.post(`${baseURL}/api/auth/activate`, { data: { token: activation } })
      ).status(),
    ).toBe(200);

    await page.goto(`${baseURL}${AppRoute.forgot}`);
    await page.getByLabel(AuthWebText.email, { exact: true }).fill(email);
    await page.getByRole('button', { name: AuthWebText.sendLink }).click();
    await page.getByText(AuthText.forgotSent).first().waitFor();

    const link = tokenLink(await waitForMail(email, (mail) => mail.text.includes(AppRoute.forgot)));
    expect(link.pathname).toBe(AppRoute.forgot);
    await page.goto(link.toString());
    await page.getByLabel(AuthWebText.newPassword, { exact: true }).fill('second password 456');
    await page.getByLabel(AuthWebText.confirmPassword, { exact: true }).fill('second password 456');
    await page.getByRole('button', { name: AuthWebText.changePassword }).click();
    await page.getByText(AuthText.recovered).first().waitFor();
    expect(new URL(page.url()).search).toBe('');
    await saveScreenshot(page, 'accounts-password-reset');
    // After 3 s the page goes to the login box (accounts-landing.test.ts looks closer).
    await page.waitForURL(`${baseURL}${AppRoute.home}`, { timeout: 10_000 });

    await logIn(page, email, 'second password 456');
    await page.getByRole('region', { name: AuthWebText.updateUsernameTitle }).waitFor();
    expect(errors.filter((e) => !e.includes('401'))).toEqual([]);
  });

  it('signs in through the school identity provider', async () => {
    const { page } = await openPage(browser());
    await page.goto(`${baseURL}/`);
    await page
      .getByRole('link', { name: AuthWebText.continueWith('Springfield School') })
      .or(page.getByRole('button', { name: AuthWebText.continueWith('Springfield School') }))
      .click();
    // The provider's own (development) login and consent pages.
    await page.locator('input[name="login"]').fill(oidcAccount.login);
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]', { hasText: 'Continue' }).click();

    await page.waitForURL((url) => url.origin === baseURL && url.pathname === '/');
    const startBox = page.getByRole('region', { name: AuthWebText.startTitle });
    await startBox.waitFor();
    await startBox.getByText(`${oidcAccount.username} (Member)`).waitFor();
    await saveScreenshot(page, 'accounts-oidc-signed-in');
  });
});
