import { describe, expect, it } from 'vitest';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { apiCall, signedIn, useServerAndBrowser } from './journeys';

const stage = useServerAndBrowser();
const API = '/api/company/v1';

describe('services screens (issue 43)', () => {
  it('open directly for the administrator without an error, pass axe-core and fit 320 px', async () => {
    const { context, page } = await signedIn(stage, 'admin@acme.test');
    const problems = watchPageProblems(page);
    const resources = await apiCall<{ data: Array<{ id: number; name: string }> }>(
      page,
      'GET',
      `${API}/services/resources`,
    );
    const room = resources.data[0]!;
    const items = await apiCall<{ data: Array<{ id: number }> }>(
      page,
      'GET',
      `${API}/services/items?resource_id=${room.id}`,
    );
    const delivery = new Date(Date.now() + 3 * 86_400_000);
    delivery.setUTCHours(9, 0, 0, 0);
    const order = await apiCall<{ order_id: number; items: Array<{ id: number }> }>(
      page,
      'POST',
      `${API}/services/orders`,
      {
        resource_id: room.id,
        delivery_at: delivery.toISOString(),
        items: [{ service_item_id: items.data[0]!.id, quantity: 2 }],
      },
    );
    const types = await apiCall<{ data: Array<{ id: number }> }>(page, 'GET', `${API}/services/types`);
    const paths = [
      '/services',
      '/services/service-resources',
      `/services/service-resources/${room.id}/add-order`,
      `/services/add-order/${room.id}`,
      `/services/edit-order/${order.order_id}`,
      `/services/update-order-status/${order.order_id}`,
      `/services/update-order-status/${order.order_id}/update-item-status/${order.items[0]!.id}`,
      '/service-items',
      '/service-items/add',
      `/service-items/edit/${items.data[0]!.id}`,
      '/service-types',
      '/service-types/add',
      `/service-types/edit/${types.data[0]!.id}`,
      '/scheduler/services',
      '/scheduler/services/add-order',
      '/scheduler/services/item-details',
      '/scheduler/services/item-info/1',
      '/scheduler/services/resource-info',
    ];
    const failures: string[] = [];
    for (const path of paths) {
      await page.goto(`${stage.server().companyUrl('acme')}${path}`);
      await page.locator('main').first().waitFor();
      await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
      if (new URL(page.url()).pathname === '/404') failures.push(`${path}: 404`);
      if (await page.getByRole('alertdialog').count())
        failures.push(`${path}: ${await page.getByRole('alertdialog').first().innerText()}`);
      for (const violation of await seriousAxeViolations(page))
        failures.push(`${path}: ${JSON.stringify(violation)}`);
      await page.setViewportSize({ width: 320, height: 640 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth + 1,
      );
      if (overflow) failures.push(`${path}: wider than 320 px`);
      await page.setViewportSize({ width: 1280, height: 800 });
      failures.push(...problems.splice(0).map((problem) => `${path}: ${problem}`));
    }
    expect(failures).toEqual([]);
    await context.close();
  }, 600_000);
});
