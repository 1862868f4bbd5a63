import { describe, expect, it } from 'vitest';
import { calendarDateIn } from '../../src/shared/time/calendar-date';
import { addDays, isoWeekday, zonedInstant } from '../../src/shared/time/zone';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { apiCall, signedIn, useServerAndBrowser } from './journeys';

/**
 * Issue 38: a user refused a floor is told which rule refuses it; the administrator grants the floor
 * through a level role on the roles screen; the user books it on their next request, without signing
 * in again. The user is a demo account (the users screens are another issue's).
 */
const stage = useServerAndBrowser();
const API = '/api/company/v1';
const ZONE = 'Europe/Zurich';

function nextWorkday(): string {
  let date = addDays(calendarDateIn(ZONE), 1);
  while (isoWeekday(date) > 5) date = addDays(date, 1);
  return date;
}

describe('level access through containers and roles', () => {
  it('refuses a floor with the reason, and the user books it once a level role grants it, in the same session', async () => {
    const base = stage.server().companyUrl('acme');
    const admin = await signedIn(stage, 'admin@acme.test');
    const adminProblems = watchPageProblems(admin.page);
    // Floor 2 kept for the people of a level container whose role grants nothing yet.
    const levels = await apiCall<{ data: Array<{ id: number; path: string }> }>(
      admin.page,
      'GET',
      `${API}/levels/all?depth=ALL`,
    );
    const floor = levels.data.find((level) => level.path.endsWith('Floor 2'))!;
    const role = await apiCall<{ id: number }>(admin.page, 'POST', `${API}/roles`, {
      name: 'Floor 2 access',
      kind: 'LEVEL',
    });
    const container = await apiCall<{ id: number }>(admin.page, 'POST', `${API}/containers`, {
      name: 'Floor 2 team',
      access_type: 'LEVEL',
    });
    const people = await apiCall<{ data: Array<{ id: number; name: string }> }>(
      admin.page,
      'GET',
      `${API}/scheduler/attendees?query=teammate`,
    );
    await apiCall(admin.page, 'POST', `${API}/containers/${container.id}/levels`, { level_ids: [floor.id] });
    await apiCall(admin.page, 'POST', `${API}/containers/${container.id}/roles`, { role_ids: [role.id] });
    await apiCall(admin.page, 'POST', `${API}/containers/${container.id}/users`, {
      user_ids: [people.data[0]!.id],
    });

    const user = await signedIn(stage, 'teammate@acme.test');
    await user.page.goto(`${base}/plan/${floor.id}/resources`);
    await user.page
      .getByText('You may not see this level: no role of the container “Floor 2 team” grants LEVEL_VIEW.')
      .first()
      .waitFor();

    // The administrator sees why, then grants the floor through the level role.
    await admin.page.goto(`${base}/containers-level/edit/${container.id}`);
    await admin.page.getByRole('list', { name: 'Users' }).getByText('Tom Teammate').waitFor();
    expect(await seriousAxeViolations(admin.page)).toEqual([]);
    await admin.page.goto(`${base}/roles-level/edit/${role.id}`);
    await admin.page.getByRole('checkbox', { name: 'LEVEL_VIEW' }).check();
    await admin.page.getByRole('checkbox', { name: 'LEVEL_BOOK' }).check();
    expect(await seriousAxeViolations(admin.page)).toEqual([]);
    await admin.page.getByRole('button', { name: 'Save permissions' }).click();
    await admin.page.getByRole('status').getByText('Saved.').waitFor();

    // Same session: no new sign-in, the next request sees the grant; the user books a desk of the
    // floor by clicking on the plan.
    const date = nextWorkday();
    await user.page.goto(`${base}/plan/${floor.id}/resources`);
    await user.page.getByRole('link', { name: 'Desk 2.01' }).click();
    await user.page.getByLabel('Date').fill(date);
    await user.page.getByRole('button', { name: /^10:00–11:00\s*,\s*Free/ }).click();
    expect(await seriousAxeViolations(user.page)).toEqual([]);
    await user.page.getByRole('button', { name: 'Book', exact: true }).click();
    await user.page.getByText('Desk 2.01 is booked for 10:00–11:00.').waitFor();
    const mine = await apiCall<{ data: Array<{ starts_at: string; status: string }> }>(
      user.page,
      'GET',
      `${API}/declarations?date_from=${date}`,
    );
    const ten = zonedInstant(date, 10 * 60, ZONE).toISOString();
    expect(mine.data.filter((booking) => booking.starts_at === ten).map((booking) => booking.status)).toEqual(
      ['booked'],
    );
    expect(adminProblems).toEqual([]);
    await admin.context.close();
    await user.context.close();
  });
});
