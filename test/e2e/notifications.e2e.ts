import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { expectPath, signedIn, useServerAndBrowser } from './journeys';

/**
 * spec §2 /company-notifications and §7 user notifications: the administrator sends a notification
 * to all users; Emil, signed in in another browser, sees his header's count change without a reload,
 * opens his notification centre from the keyboard, reads the notification and deletes it.
 */
const stage = useServerAndBrowser();

describe('company notifications (spec §2 /company-notifications, the notification centre)', () => {
  it('reaches a colleague’s open page live; they read it and delete it from the header’s centre', async () => {
    const base = stage.server().companyUrl('acme');
    const emil = await signedIn(stage, 'employee@acme.test');
    const emilProblems = watchPageProblems(emil.page);
    await emil.page.setViewportSize({ width: 360, height: 740 });
    await emil.page.goto(`${base}/profile`);
    const bell = emil.page.getByRole('button', { name: 'Notifications', exact: true });
    await bell.waitFor();

    const ada = await signedIn(stage, 'admin@acme.test');
    const adaProblems = watchPageProblems(ada.page);
    const page = ada.page;
    await page.goto(`${base}/company-notifications`);
    await page.getByText('No notifications yet.').waitFor();
    await page.getByRole('link', { name: 'Add notification' }).click();
    await expectPath(page, '/company-notifications/add');
    const form = page.getByRole('form', { name: 'Add notification' });

    // Nothing named in the company's language: the rule's message, and nothing sent.
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('This field is required.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await form.getByRole('textbox', { name: 'Name (English)' }).fill('Office closed on Friday');
    await form
      .getByRole('textbox', { name: 'Description (English)' })
      .fill('The building is closed for maintenance.');
    expect(await form.getByRole('radio', { name: 'All users' }).isChecked()).toBe(true);
    expect(await form.getByRole('radio', { name: 'Now' }).isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Save' }).click();
    await expectPath(page, '/company-notifications');
    const row = page.getByRole('listitem').filter({ hasText: 'Office closed on Friday' });
    await row.waitFor();
    // sent by the delivery job within its round: the list says to how many once it is reloaded
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Emil's header: the count changes without a reload (the realtime hub), in the bell's name.
    await emil.page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    expect(await emil.page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

    // Opened from the keyboard; the popover lists it, unread.
    const unreadBell = emil.page.getByRole('button', { name: 'Notifications, 1 unread' });
    await unreadBell.focus();
    await emil.page.keyboard.press('Enter');
    const centre = emil.page.getByRole('dialog', { name: 'Notifications' });
    const item = centre.getByRole('listitem').filter({ hasText: 'Office closed on Friday' });
    await item.getByText('The building is closed for maintenance.').waitFor();

    await emil.page.getByRole('button', { name: 'Mark Office closed on Friday as read' }).click();
    await emil.page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    await emil.page
      .getByRole('button', { name: 'Mark Office closed on Friday as read' })
      .waitFor({ state: 'detached' });
    expect(await seriousAxeViolations(emil.page)).toEqual([]);
    if (!(await centre.isVisible()))
      await emil.page.getByRole('button', { name: 'Notifications', exact: true }).click();

    await emil.page.getByRole('button', { name: 'Delete Office closed on Friday' }).click();
    await centre.getByText('You have no notifications.').waitFor();
    await emil.page.keyboard.press('Escape');
    await centre.waitFor({ state: 'detached' });

    // The administrator sees it sent, to everyone of acme.
    await page.reload();
    await row.getByText('Sent to 4').waitFor();

    expect(emilProblems).toEqual([]);
    expect(adaProblems).toEqual([]);
    await ada.context.close();
    await emil.context.close();
  });
});
