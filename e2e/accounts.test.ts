import { AppRoute, AuthText } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { AuthWebText } from '../apps/web/src/shared/auth/texts.ts';
import { FORGOT_SUBMIT_DELAY_MS } from '../apps/web/src/shared/auth/timing.ts';
import { ShellText } from '../apps/web/src/shared/texts.ts';
import { useBrowser, openPage, saveScreenshot, seriousA11yViolations } from './support/browser.ts';
import { lane } from './support/lane.ts';

const baseURL = lane().baseURL;
const demoAccounts = lane().demoAccounts;

function demoAccount(role: string) {
  const account = demoAccounts.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`No demo ${role} account was printed at start.`);
  return account;
}

describe('accounts in Chromium', () => {
  const browser = useBrowser();

  it('logs the demo teacher in, shows the start box, and logs out to the login box', async () => {
    const teacher = demoAccount('teacher');
    const { page, errors } = await openPage(browser());
    await page.goto(`${baseURL}/`, { waitUntil: 'networkidle' });
    const loginHeading = page.getByRole('heading', { name: AuthWebText.loginTitle });
    await loginHeading.waitFor();
    expect(await page.getByRole('button', { name: ShellText.myAlbum }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel(AuthWebText.usernameOrEmail, { exact: true }).fill(teacher.username);
    await page.getByLabel(AuthWebText.password, { exact: true }).fill(teacher.password);
    await page.getByRole('button', { name: AuthWebText.logIn, exact: true }).click();

    const startBox = page.getByRole('region', { name: AuthWebText.startTitle });
    await startBox.waitFor();
    await expect(startBox.getByText(`${teacher.username} (Teacher)`).isVisible()).resolves.toBe(
      true,
    );
    expect(await startBox.getByRole('link', { name: AuthWebText.enterCampus }).count()).toBe(1);
    await page.getByRole('button', { name: ShellText.myAlbum }).waitFor();
    // The access token lives in memory only; storage never holds it or the password.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toContain(teacher.password);
    expect(stored).not.toMatch(/eyJ/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'accounts-start-teacher');

    await startBox.getByRole('button', { name: AuthWebText.logOut }).click();
    await loginHeading.waitFor();
    expect(await page.getByRole('button', { name: ShellText.myAlbum }).count()).toBe(0);
    expect(await page.getByText(`${teacher.username} (Teacher)`).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('enters as a guest only after the guest warning is confirmed', async () => {
    const { page, errors } = await openPage(browser());
    const guestRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/guest')) guestRequests.push(request.url());
    });
    await page.goto(`${baseURL}/`, { waitUntil: 'networkidle' });

    await page.getByRole('button', { name: AuthWebText.enterAsGuest }).click();
    const warning = page.getByRole('alertdialog');
    await warning.getByText(AuthText.guestWarning).waitFor();
    await warning.getByRole('button', { name: ShellText.cancel }).click();
    await warning.waitFor({ state: 'detached' });
    expect(guestRequests).toEqual([]);

    await page.getByRole('button', { name: AuthWebText.enterAsGuest }).click();
    await warning.getByRole('button', { name: AuthWebText.guestConfirm }).click();
    const startBox = page.getByRole('region', { name: AuthWebText.startTitle });
    await startBox.waitFor();
    await expect(startBox.getByText(/\(Guest\)$/).isVisible()).resolves.toBe(true);
    expect(guestRequests).toHaveLength(1);
    // Guests have no album (SPEC §6).
    expect(await page.getByRole('button', { name: ShellText.myAlbum }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('reports a password mismatch on the forgot page and sends nothing', async () => {
    const { page, errors } = await openPage(browser());
    const recoverRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/recover-password')) recoverRequests.push(request.url());
    });
    await page.goto(`${baseURL}${AppRoute.forgot}?token=some-token`, { waitUntil: 'networkidle' });
    await page.getByLabel(AuthWebText.newPassword, { exact: true }).fill('first long password');
    await page
      .getByLabel(AuthWebText.confirmPassword, { exact: true })
      .fill('second long password');
    await page.getByRole('button', { name: AuthWebText.changePassword }).click();

    await page.getByText(AuthText.passwordMismatch).waitFor();
    const confirmField = page.getByLabel(AuthWebText.confirmPassword, { exact: true });
    expect(await confirmField.getAttribute('aria-invalid')).toBe('true');
    expect(await confirmField.evaluate((el) => el === document.activeElement)).toBe(true);
    // Longer than the submit delay: a request would have gone out by now.
    await page.waitForTimeout(FORGOT_SUBMIT_DELAY_MS + 500);
    expect(recoverRequests).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await saveScreenshot(page, 'accounts-forgot-mismatch');
    expect(errors).toEqual([]);
  });
});
