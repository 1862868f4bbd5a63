import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { expectPath, signedIn, storedToken, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('the profile (spec §2 /profile)', () => {
  it('changes the timezone, lists groups and roles, and opens about under the profile', async () => {
    const { context, page } = await signedIn(stage, 'employee@acme.test');
    const problems = watchPageProblems(page);
    const base = stage.server().companyUrl('acme');
    await page.goto(`${base}/profile`);
    await page.getByRole('heading', { name: 'Emil Employee' }).waitFor();
    await page.getByText('Europe/Zurich'.replace('_', ' ')).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Timezone' }).click();
    await expectPath(page, '/profile/timezone');
    await page.getByRole('searchbox', { name: 'Search' }).fill('New York');
    await page.getByRole('button', { name: /America\/New York/ }).click();
    await expectPath(page, '/profile');
    await page.getByText('America/New York').waitFor();

    await page.getByRole('link', { name: 'Roles' }).click();
    await expectPath(page, '/profile/roles');
    await page.getByRole('list', { name: 'Roles' }).getByText('Employee', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto(`${base}/profile/groups`);
    await expect
      .poll(() => page.getByRole('list', { name: 'Groups' }).getByRole('listitem').count())
      .toBeGreaterThan(0);

    await page.goto(`${base}/profile/about`);
    await page.getByRole('link', { name: 'Application versions' }).click();
    await expectPath(page, '/profile/about/application-versions');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('uploads a photo, shows it, and refuses what is no image with the server’s message', async () => {
    const { context, page } = await signedIn(stage, 'employee@acme.test');
    await page.goto(`${stage.server().companyUrl('acme')}/profile/photo`);
    const input = page.getByLabel('Upload a photo (PNG or JPEG, at most 2 MB)');
    await input.setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image'),
    });
    // The server's own message (the field's label also names PNG, so it cannot stand for it).
    await page.getByText('The photo must be a PNG or JPEG image.').waitFor();
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    await page.getByRole('img', { name: 'Photo of Emil Employee' }).waitFor();
    await expect.poll(() => page.getByText('The photo must be a PNG or JPEG image.').count()).toBe(0);
    await page.getByRole('button', { name: 'Remove the photo' }).click();
    await page.getByLabel('Upload a photo (PNG or JPEG, at most 2 MB)').waitFor();
    await context.close();
  });

  it('changes the password: a common one is refused, and the user’s other session ends', async () => {
    const other = await signedIn(stage, 'teammate@acme.test');
    const { context, page } = await signedIn(stage, 'teammate@acme.test');
    await page.goto(`${stage.server().companyUrl('acme')}/profile/change-password`);
    await page.getByLabel('Current password').fill('demo1234');
    await page.getByLabel('New password', { exact: true }).fill('password1');
    await page.getByLabel('Confirm new password').fill('password1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('This password is too common. Please choose another.').waitFor();

    await page.getByLabel('New password', { exact: true }).fill('x9-long-secret');
    await page.getByLabel('Confirm new password').fill('x9-long-secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByRole('status')
      .getByText(/Other sessions have been signed out/)
      .waitFor();

    // The other browser's next request finds its session ended and goes to login.
    await other.page.goto(`${stage.server().companyUrl('acme')}/profile`);
    await expectPath(other.page, '/login');
    expect(await storedToken(other.page)).toBeNull();
    // This one goes on.
    await page.goto(`${stage.server().companyUrl('acme')}/profile/roles`);
    await expectPath(page, '/profile/roles');
    await other.context.close();
    await context.close();
  });
});
