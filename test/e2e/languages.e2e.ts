import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARABIC_LABELS, LABELS } from '../../src/server/seed/labels';
import { calendarDateIn } from '../../src/shared/time/calendar-date';
import { addDays, isoWeekday } from '../../src/shared/time/zone';
import { PATIENCE_MS, seriousAxeViolations } from '../support/browser';
import { apiCall, DEMO_PASSWORD, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();
const API = '/api/company/v1';
const LANGUAGE_INDEX = { fr: 2, de: 3 } as const;
type Language = keyof typeof LANGUAGE_INDEX;

/** The catalogue's text of `code` in `language`, with its values filled. */
function say(language: Language | 'ar', code: string, params: Record<string, string> = {}): string {
  const row = LABELS.find(([candidate]) => candidate === code);
  if (!row) throw new Error(`no label ${code}`);
  const text = language === 'ar' ? ARABIC_LABELS[code]! : row[LANGUAGE_INDEX[language]]!;
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => params[key] ?? whole);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The lines of the page that are an English label whose `language` text differs: a string the
 * catalogue translates but the screen shows in English. Data (desk names, people) is not a label.
 */
async function englishLines(page: Page, language: Language | 'ar'): Promise<string[]> {
  const translated = (row: (typeof LABELS)[number]) =>
    language === 'ar' ? ARABIC_LABELS[row[0]] : row[LANGUAGE_INDEX[language]];
  const english = new Set(
    LABELS.filter((row) => !/\{\w+\}/.test(row[1]) && row[1] !== translated(row)).map((row) => row[1]),
  );
  const lines = await page.evaluate(() =>
    document.body.innerText
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return [...new Set(lines.filter((line) => english.has(line)))];
}

/** A browser whose language is `locale`, in acme's zone. */
async function browserIn(locale: string) {
  const context = await stage.browser().newContext({
    locale,
    timezoneId: 'Europe/Zurich',
    viewport: { width: 1280, height: 900 },
  });
  context.setDefaultTimeout(PATIENCE_MS);
  context.setDefaultNavigationTimeout(PATIENCE_MS);
  return { context, page: await context.newPage() };
}

/** The next Monday-to-Friday day in acme's zone, where the demo desks are open. */
function nextWorkday(): string {
  let date = addDays(calendarDateIn('Europe/Zurich'), 1);
  while (isoWeekday(date) > 5) date = addDays(date, 1);
  return date;
}

// Each language its own person and desk: one place a day each (planResourceLimit).
// Demo levels and desks are named in each language too.
const WHO = {
  de: ['teammate@acme.test', 'Etage 2', 'Schreibtisch 2.05'],
  fr: ['employee@acme.test', 'Étage 2', 'Bureau 2.06'],
} as const;

describe.each(['de', 'fr'] as const)('the product in %s (issue 40)', (language) => {
  const [person, floor, desk] = WHO[language];
  it('signs in (a wrong password refused in that language), books a desk and shows the calendar, with no English label on the way', async () => {
    const base = stage.server().companyUrl('acme');
    const { context, page } = await browserIn(language === 'de' ? 'de-DE' : 'fr-FR');

    // Before sign-in: the browser's language.
    await page.goto(`${base}/login`);
    const email = page.getByLabel(say(language, 'general.login.email'));
    await email.fill(person);
    await page.getByLabel(say(language, 'general.login.password')).fill('not-the-password');
    await page.getByRole('button', { name: say(language, 'general.login.submit'), exact: true }).click();
    await page.getByText(say(language, 'messages.auth.invalid-credentials')).waitFor();
    expect(await englishLines(page, language)).toEqual([]);
    await page.keyboard.press('Escape');

    // The teammate's own language decides after sign-in; set it as the profile screen does.
    await page.getByLabel(say(language, 'general.login.password')).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: say(language, 'general.login.submit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    const session = await apiCall<{ languages: { id: number; code: string }[] }>(
      page,
      'GET',
      `${API}/initial-data`,
    );
    const languageId = session.languages.find((candidate) => candidate.code === language)!.id;
    await apiCall(page, 'PUT', `${API}/profile`, { language_id: languageId });
    await page.reload();
    await page.waitForFunction((code) => document.documentElement.lang === code, language);

    // A booking: the plan's level, a desk's free hour, Book.
    await page.goto(`${base}/plan`);
    await page.waitForURL((url) => /^\/plan\/\d+$/.test(url.pathname));
    await page
      .getByRole('region', { name: say(language, 'plan.all-locations') })
      .getByRole('button', { name: floor, exact: true })
      .click();
    await page.waitForURL((url) => /^\/plan\/\d+\/resources$/.test(url.pathname));
    await page.getByRole('link', { name: desk }).waitFor();
    expect(await englishLines(page, language)).toEqual([]);
    await page.getByRole('link', { name: desk }).click();
    await page.getByLabel(say(language, 'plan.date')).fill(nextWorkday());
    const free = page.getByRole('button', {
      name: new RegExp(`^09:00–10:00\\s*,\\s*${escape(say(language, 'plan.slot-free'))}`),
    });
    await free.click();
    await page.getByRole('button', { name: say(language, 'plan.book'), exact: true }).click();
    await page.getByText(say(language, 'plan.booked', { name: desk, from: '09:00', to: '10:00' })).waitFor();
    expect(await englishLines(page, language)).toEqual([]);

    // The calendar.
    await page.goto(`${base}/calendar`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.locator('.rbc-calendar').waitFor();
    expect(await englishLines(page, language)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('the product in Arabic, right to left (issue 40)', () => {
  it('turns the page right to left from the sign-in on, with Arabic labels and messages and no English label', async () => {
    const base = stage.server().companyUrl('acme');
    const { context, page } = await browserIn('ar');

    await page.goto(`${base}/login`);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    const email = page.getByLabel(say('ar', 'general.login.email'));
    await email.fill('admin@acme.test');
    // Right to left: Fluent's provider turns too, and a field's label starts at the field's right edge.
    expect(await page.locator('.fui-FluentProvider').first().getAttribute('dir')).toBe('rtl');
    const field = await email.boundingBox();
    const caption = await page
      .getByText(say('ar', 'general.login.email'), { exact: true })
      .first()
      .boundingBox();
    expect(Math.abs(caption!.x + caption!.width - (field!.x + field!.width))).toBeLessThan(24);
    await page.getByLabel(say('ar', 'general.login.password')).fill('not-the-password');
    await page.getByRole('button', { name: say('ar', 'general.login.submit'), exact: true }).click();
    await page.getByText(say('ar', 'messages.auth.invalid-credentials')).waitFor();
    expect(await englishLines(page, 'ar')).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByLabel(say('ar', 'general.login.password')).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: say('ar', 'general.login.submit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    const session = await apiCall<{ languages: { id: number; code: string }[] }>(
      page,
      'GET',
      `${API}/initial-data`,
    );
    const arabic = session.languages.find((candidate) => candidate.code === 'ar')!.id;
    await apiCall(page, 'PUT', `${API}/profile`, { language_id: arabic });
    await page.goto(`${base}/calendar`);
    await page.waitForFunction(
      () => document.documentElement.lang === 'ar' && document.documentElement.dir === 'rtl',
    );
    await page.locator('.rbc-calendar').waitFor();
    const heading = await page.getByRole('heading', { level: 1 }).first().boundingBox();
    // The screen's title sits at the right, where a right-to-left reader starts.
    expect(heading!.x + heading!.width).toBeGreaterThan(640);
    expect(await englishLines(page, 'ar')).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
