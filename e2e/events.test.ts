import { gzipSync } from 'node:zlib';
import {
  AppRoute,
  CAROUSEL_AUTOPLAY_MS,
  EventsAdminPath,
  EventsServerText,
  EventsText,
} from '@atrium/protocol';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, saveScreenshot, seriousA11yViolations, useBrowser } from './support/browser.ts';
import { lane } from './support/lane.ts';

const baseURL = lane().baseURL;
const accounts = lane().demoAccounts;

/** Issue 17: the events pages' first-load JavaScript, the home route's budget (gzip -9). */
const BUDGET_KB = 170;
/** What an event page may add to the home route's first load (each is 2.6–3.6 KB now). */
const EVENT_PAGE_EXTRA_KB = 4;

const viewports: [string, BrowserContextOptions][] = [
  ['1440x900', { viewport: { width: 1440, height: 900 } }],
  ['390x844', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
];

/** The demo posters stand in for photos (the server serves them from the web build). */
const gallery = [1, 2, 3, 4, 5].map((n) => ({
  gallery_id: n,
  thumbnail: `/posters/${n}.svg`,
  image: `/posters/${n}.svg`,
  title: ['Opening night', 'The plaza', 'Science fair', 'Record attempt', 'Closing concert'][
    n - 1
  ] as string,
  description: `Photo ${n} of the launch day.`,
  date: `2022-05-0${n}`,
}));

async function adminToken(): Promise<string> {
  const admin = accounts.find((a) => a.role === 'admin');
  if (!admin) throw new Error('no demo admin');
  const res = await fetch(`${baseURL}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: admin.username, password: admin.password }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function putGallery(entries: unknown[]): Promise<void> {
  const res = await fetch(`${baseURL}${EventsAdminPath.updateGallery}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ entries }),
  });
  expect(res.status).toBe(200);
}

let token = '';

/** The name of the element that has focus. */
const focusedName = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');

describe('event pages', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    token = await adminToken();
    await putGallery([]);
  });

  it('counts down to the date, every second, then reveals the page', async () => {
    for (const [size, options] of viewports) {
      const { page, errors } = await openPage(browser(), options);
      // Three and a half seconds before the spec's default date (2022-05-04 19:00 at UTC+8).
      // The page's own clock stands at the time set here; its timers run as usual, so the
      // next second's refresh shows each new time.
      const at = (time: string) => page.clock.setFixedTime(new Date(`2022-05-04T${time}+08:00`));
      await at('18:59:56.500');
      await page.goto(`${baseURL}${AppRoute.event}`);
      const countdown = page.getByTestId('countdown');
      await countdown.waitFor();
      const values = () => countdown.locator('.countdown__value').allTextContents();
      expect(await values()).toEqual(['00', '00', '00', '04']);
      await at('18:59:57.500');
      await expect.poll(values, { timeout: 2500, interval: 100 }).toEqual(['00', '00', '00', '03']);
      await at('18:59:59.900');
      await expect.poll(values, { timeout: 2500, interval: 100 }).toEqual(['00', '00', '00', '01']);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, `events-countdown-${size}`);
      await at('19:00:00.000');
      await page.getByRole('heading', { level: 1, name: 'We are live!' }).waitFor();
      expect(await countdown.count()).toBe(0);
      await saveScreenshot(page, `events-landing-${size}`);
      expect(errors).toEqual([]);
      await page.context().close();
    }

    // A day before, `?skip-countdown=1` reveals the page at once.
    const { page } = await openPage(browser());
    await page.clock.setFixedTime(new Date('2022-05-03T12:00:00+08:00'));
    await page.goto(`${baseURL}${AppRoute.event}`);
    await page.getByTestId('countdown').waitFor();
    expect(await page.locator('.countdown__value').first().textContent()).toBe('01');
    await page.goto(`${baseURL}${AppRoute.event}?skip-countdown=1`);
    await page.getByRole('heading', { level: 1, name: 'We are live!' }).waitFor();
    await page.context().close();
  });

  it('votes: team, then each required text with focus on its field, then the result', async () => {
    for (const [size, options] of viewports) {
      const { page, errors } = await openPage(browser(), options);
      await page.goto(`${baseURL}${AppRoute.voting}`);
      await page.getByRole('button', { name: /Team 2/ }).waitFor();
      await saveScreenshot(page, `events-vote-1-team-${size}`);
      await page.getByRole('button', { name: /Team 2/ }).click();
      const submit = page.getByRole('button', { name: 'Submit my vote' });
      await submit.waitFor();

      const email = `Voter.${size}@School.example`;
      const steps: [string, string, string][] = [
        ['name', 'Name is required.', '  Ann Lee  '],
        ['email', 'Email is required.', email],
        ['phone_number', 'Phone number is required.', '+65 9123 4567'],
        ['message', 'Suntec+ Loyalty Card Number is required.', 'S+ 1234'],
      ];
      // Spaces alone count as empty (values are trimmed).
      await page.locator('input[name="name"]').fill('   ');
      for (const [field, text, value] of steps) {
        await submit.click();
        await page.locator('.field__error', { hasText: text }).waitFor();
        expect(await focusedName(page)).toBe(field);
        expect(await page.locator(`input[name="${field}"]`).getAttribute('aria-invalid')).toBe(
          'true',
        );
        if (field === 'name') await saveScreenshot(page, `events-vote-2-error-${size}`);
        await page.locator(`input[name="${field}"]`).fill(value);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
      await submit.click();
      const result = page.getByTestId('event-result');
      await result.waitFor();
      expect(await result.textContent()).toBe(EventsServerText.voteReceived);
      await saveScreenshot(page, `events-vote-3-result-${size}`);

      // The same address again, in other case: the server's text, above the form.
      await page.reload();
      await page.getByRole('button', { name: /Team 1/ }).click();
      for (const [field, , value] of steps) {
        await page
          .locator(`input[name="${field}"]`)
          .fill(field === 'email' ? ` ${email.toLowerCase()} ` : value);
      }
      await submit.click();
      await page.getByRole('alert').getByText(EventsServerText.alreadyVoted).waitFor();
      await saveScreenshot(page, `events-vote-4-duplicate-${size}`);
      expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
      await page.context().close();
    }
  });

  it('shows Unknown error when the answer is not an object', async () => {
    const { page } = await openPage(browser());
    await page.route('**/api/public/voting/submit', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '"done"' }),
    );
    await page.goto(`${baseURL}${AppRoute.voting}`);
    await page.getByRole('button', { name: /Team 1/ }).click();
    for (const field of ['name', 'email', 'phone_number', 'message']) {
      await page.locator(`input[name="${field}"]`).fill('x');
    }
    await page.getByRole('button', { name: 'Submit my vote' }).click();
    await page.getByRole('alert').getByText(EventsText.unknownError, { exact: true }).waitFor();
    await page.context().close();
  });

  it('signs up for the record attempt', async () => {
    for (const [size, options] of viewports) {
      const { page, errors } = await openPage(browser(), options);
      await page.goto(`${baseURL}${AppRoute.recordBreaking}`);
      const submit = page.getByRole('button', { name: 'Sign me up' });
      await submit.click();
      await page.locator('.field__error', { hasText: EventsText.nameRequired }).waitFor();
      expect(await focusedName(page)).toBe('name');
      await saveScreenshot(page, `events-record-form-${size}`);
      await page.locator('input[name="name"]').fill('Ben');
      await page.locator('input[name="email"]').fill('ben@school.example');
      await page.locator('input[name="phone_number"]').fill('5551234');
      await page.locator('input[name="message"]').fill('S+ 77');
      await submit.click();
      await page.getByTestId('event-result').getByText(EventsServerText.recordReceived).waitFor();
      await saveScreenshot(page, `events-record-result-${size}`);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('lists the gallery, and opens, pages and closes the lightbox by keyboard', async () => {
    const { page: empty } = await openPage(browser());
    await empty.goto(`${baseURL}${AppRoute.gallery}`);
    await empty.getByText(EventsText.noImages, { exact: true }).waitFor();
    await saveScreenshot(empty, 'events-gallery-empty-1440x900');
    await empty.context().close();

    await putGallery(gallery);
    for (const [size, options] of viewports) {
      const { page, errors } = await openPage(browser(), options);
      await page.goto(`${baseURL}${AppRoute.gallery}`, { waitUntil: 'networkidle' });
      const tiles = page.getByRole('button', { name: /^Open photo: / });
      await tiles.first().waitFor();
      expect(await tiles.count()).toBe(5);
      expect(JSON.stringify(await seriousA11yViolations(page))).toBe('[]');
      await saveScreenshot(page, `events-gallery-${size}`);

      await tiles.first().focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const current = () =>
        page.locator('.yarl__slide_current .yarl__slide_title').textContent({ timeout: 5000 });
      await page.waitForFunction(() => document.querySelector('.yarl__slide_current img'));
      expect(await current()).toBe('Opening night');
      await page.waitForTimeout(400);
      await page.screenshot({ path: `e2e/output/events-lightbox-${size}.png` });
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(
        () =>
          document.querySelector('.yarl__slide_current .yarl__slide_title')?.textContent ===
          'The plaza',
      );
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // Focus is back on the photo last shown.
      await page.waitForFunction(() =>
        document.activeElement?.textContent?.startsWith('Open photo: The plaza'),
      );
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it('plays the featuring carousel every 5 s, and holds still under reduced motion', async () => {
    for (const [size, options] of viewports) {
      const { page, errors } = await openPage(browser(), options);
      await page.clock.install();
      await page.goto(`${baseURL}${AppRoute.featuring}`, { waitUntil: 'networkidle' });
      const active = page.locator('.carousel__slide--active');
      await active.waitFor();
      expect(await active.getAttribute('aria-label')).toBe('Slide 1 of 5');
      await page.mouse.move(0, 0);
      await page.clock.runFor(CAROUSEL_AUTOPLAY_MS + 100);
      expect(await active.getAttribute('aria-label')).toBe('Slide 2 of 5');
      await page.clock.runFor(600);
      await page.waitForTimeout(600); // the fade runs on the real clock
      expect(await seriousA11yViolations(page)).toEqual([]);
      await saveScreenshot(page, `events-featuring-${size}`);
      expect(errors).toEqual([]);
      await page.context().close();
    }

    const { page } = await openPage(browser(), { reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto(`${baseURL}${AppRoute.featuring}`, { waitUntil: 'networkidle' });
    const active = page.locator('.carousel__slide--active');
    await active.waitFor();
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS * 3);
    expect(await active.getAttribute('aria-label')).toBe('Slide 1 of 5');
    expect(await page.locator('.carousel').getAttribute('data-playing')).toBe('false');
    // No fade (the app's reduced-motion rule makes every transition 0.01 ms).
    const fade = await active.evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(parseFloat(fade)).toBeLessThan(0.001);
    await page.getByRole('button', { name: 'Next' }).click();
    expect(await active.getAttribute('aria-label')).toBe('Slide 2 of 5');
    await page.context().close();
  });

  it("keeps each event page's first load within the home route's budget", async () => {
    /** Gzip -9 of every script a fresh visit to `route` loads, in KB. */
    const firstLoadKb = async (route: string) => {
      const { page } = await openPage(browser());
      const scripts: Promise<number>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
      });
      await page.goto(`${baseURL}${route}`, { waitUntil: 'networkidle' });
      await page.locator('main h1').first().waitFor();
      const bytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
      await page.context().close();
      return bytes / 1024;
    };
    const home = await firstLoadKb(AppRoute.home);
    const figures: [string, number][] = [];
    for (const route of [
      AppRoute.event,
      AppRoute.voting,
      AppRoute.recordBreaking,
      AppRoute.gallery,
      AppRoute.featuring,
    ]) {
      figures.push([route, await firstLoadKb(route)]);
    }
    console.log(
      `first-load JS (gzip -9): home ${home.toFixed(1)} KB; ` +
        figures.map(([route, kb]) => `${route} ${kb.toFixed(1)} KB`).join('; ') +
        ` (budget ${BUDGET_KB} KB)`,
    );
    expect(home).toBeLessThanOrEqual(BUDGET_KB);
    for (const [route, kb] of figures) {
      expect(kb, route).toBeLessThanOrEqual(BUDGET_KB);
      expect(kb - home, route).toBeLessThanOrEqual(EVENT_PAGE_EXTRA_KB);
    }
  });
});
