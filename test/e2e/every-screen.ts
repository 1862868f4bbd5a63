import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RESOLVED_ROUTES } from '../../src/client/routing/table';
import { wallClockAt, zonedInstant } from '../../src/shared/time/zone';
import { seriousAxeViolations, watchPageProblems } from '../support/browser';
import { apiCall, signedIn, useServerAndBrowser } from './journeys';

/** The sweep is cut into this many files (every-screen-N.e2e.ts), which run side by side. */
export const SWEEP_SHARDS = 3;

/**
 * Every screen of the browser app that needs no id in its address, opened directly (as a bookmark
 * or a shared link would) by the company administrator, who may use them all: it must not end on
 * the not-found page or an error, must leave no uncaught error, and axe-core must find no serious
 * or critical violation once it has loaded, at 1280 px and at a phone's 360 px. The task pane's screens have their own tests with the
 * fake Office host; screens that name a record are opened by their features' journeys.
 */
const BROWSER_SCREENS = RESOLVED_ROUTES.filter(
  (route) =>
    // A child of a platform administrator's screen is theirs too.
    route.chain.every((entry) => (entry.access ?? 'login') === 'login') &&
    route.chain[0]!.surface !== 'addin' &&
    !route.fullPath.startsWith('/outlook') &&
    !route.isHelp,
).map((route) => route.fullPath);
const SCREENS = BROWSER_SCREENS.filter((path) => !/[:*]/.test(path));

const API = '/api/company/v1';

/**
 * Screens whose address names records, filled with acme's own (a floor, a desk, its type, a
 * preset, a booking of tomorrow, a company document). An address naming a record the demo company has none of
 * (a connector, a visitor's visit) is left to its feature's tests; a reception desk is made here.
 */
async function screensWithIds(page: Page): Promise<string[]> {
  interface Named {
    id: number;
    name: string;
    path: string;
  }
  const levels = await apiCall<{ data: Named[] }>(page, 'GET', `${API}/levels/all?depth=ALL`);
  const floor = levels.data.find((level) => level.path.endsWith('Floor 1'))!;
  const desks = await apiCall<{ data: Named[] }>(page, 'GET', `${API}/levels/${floor.id}/resources/all`);
  const desk = desks.data[0]!;
  const types = await apiCall<{ data: Named[] }>(page, 'GET', `${API}/resource-types/all`);
  const attributes = await apiCall<{ data: Named[] }>(page, 'GET', `${API}/resource-attributes/all`);
  const preset = await apiCall<{ id: number }>(page, 'POST', `${API}/bookings/presets`, {
    name: 'Every screen',
  });
  const zone = 'Europe/Zurich';
  const tomorrow = wallClockAt(new Date(Date.now() + 86_400_000), zone).date;
  const booked = await apiCall<{ data: Array<{ id: number }> }>(page, 'POST', `${API}/bookings/store`, {
    resource_id: desk.id,
    slots: [
      {
        datetime_from: zonedInstant(tomorrow, 9 * 60, zone).toISOString(),
        datetime_to: zonedInstant(tomorrow, 10 * 60, zone).toISOString(),
      },
    ],
  });
  const booking = booked.data[0]!.id;
  // A meeting room of the floor's, booked tomorrow with coffee: the services screens name its order.
  const room = desks.data.find((resource) => /matterhorn/i.test(resource.name)) ?? desks.data[0]!;
  const roomBooking = await apiCall<{ data: Array<{ id: number }> }>(page, 'POST', `${API}/bookings/store`, {
    resource_id: room.id,
    slots: [
      {
        datetime_from: zonedInstant(tomorrow, 11 * 60, zone).toISOString(),
        datetime_to: zonedInstant(tomorrow, 12 * 60, zone).toISOString(),
      },
    ],
  });
  const items = await apiCall<{ data: Array<{ id: number }> }>(
    page,
    'GET',
    `${API}/services/items?resource_id=${room.id}`,
  );
  const order = await apiCall<{ order_id: number; items: Array<{ id: number }> }>(
    page,
    'POST',
    `${API}/services/orders`,
    {
      resource_id: room.id,
      declaration_id: roomBooking.data[0]!.id,
      items: [{ service_item_id: items.data[0]!.id, quantity: 2 }],
    },
  );
  const serviceTypes = await apiCall<{ data: Array<{ id: number }> }>(page, 'GET', `${API}/services/types`);
  // the room's QR code: /service/{code} (its services) and /qrcode-read/{code} name it
  const roomCode = await apiCall<{ code: string }>(page, 'GET', `${API}/resources/${room.id}/qr-code`);
  // A reception desk (the demo company has none): reception's screens, its block list and e-mails.
  const initial = await apiCall<{ languages: Array<{ id: number; code: string }> }>(
    page,
    'GET',
    `${API}/initial-data`,
  );
  const receptionDesk = await apiCall<{ id: number }>(page, 'POST', `${API}/reception-desks`, {
    translations: [
      { language_id: initial.languages.find((language) => language.code === 'en')!.id, name: 'Every screen' },
    ],
  });
  // a floor map: /real-time/map/:mapId shows it live
  const maps = await apiCall<{ data: Array<{ id: number }> }>(page, 'GET', `${API}/maps`);
  // a QR label template and the floor's first code (/qr-code-templates/edit, /qr-codes/edit)
  const qrTemplate = await apiCall<{ id: number }>(page, 'POST', `${API}/qr-code-templates`, {
    name: 'Every screen',
    page_size: 'A4',
    label_width_mm: 70,
    label_height_mm: 36,
    columns: 3,
    rows: 8,
    show_name: true,
    show_level: true,
    show_type: false,
    caption: '',
    text_colour: '#000000',
  });
  const qrCodes = await apiCall<{ data: Array<{ id: number }> }>(
    page,
    'GET',
    `${API}/qr-codes?level_id=${floor.id}&per_page=1`,
  );
  // A company document of the hub (no screen names that application, so no other screen is guarded
  // by it): its edit and acceptances screens, and accept-documents with it pending.
  const document = await apiCall<{ id: number }>(page, 'POST', `${API}/company-documents`, {
    translations: [{ language_code: 'en', name: 'Every screen policy', content: '<p>Be kind.</p>' }],
    application_ids: [4],
    publish_date: new Date(Date.now() - 3_600_000).toISOString(),
  });
  const values: Record<string, string | null> = {
    templateId: String(qrTemplate.id),
    qrCodeId: String(qrCodes.data[0]!.id),
    mapId: maps.data[0] ? String(maps.data[0].id) : null,
    documentId: String(document.id),
    applicationId: '4',
    level_id: String(floor.id),
    // one-click: a plan or map widget's level
    levelId: String(floor.id),
    plan_level_id: String(floor.id),
    resource_id: String(desk.id),
    resourceId: String(desk.id),
    originalResourceId: String(desk.id),
    resource_type_id: String(types.data[0]!.id),
    resource_attribute_id: attributes.data[0] ? String(attributes.data[0].id) : null,
    function: 'currency',
    category: 'time',
    preferenceId: 'WeekendDays',
    presetId: String(preset.id),
    bookingId: String(booking),
    declaration_id: String(booking),
    pass_id: '',
    order_resource_id: String(room.id),
    order_booking_id: String(roomBooking.data[0]!.id),
    service_order_id: String(order.order_id),
    // the catalogue's item in /service-items edit, the order's line in update-item-status
    service_item_id: String(items.data[0]!.id),
    service_type_id: String(serviceTypes.data[0]!.id),
    orderItemId: '1',
    code: roomCode.code,
    receptionDeskId: String(receptionDesk.id),
    receptionId: String(receptionDesk.id),
    // the desk's invitation e-mail (edit-email/:typeId)
    typeId: '1',
  };
  const accessIds = await accessRecords(page);
  const filled: string[] = [];
  for (const path of BROWSER_SCREENS.filter((candidate) => candidate.includes(':'))) {
    const id = path.startsWith('/bookings/presets/') ? String(preset.id) : String(booking);
    const ofKind = accessIds(path);
    let complete = true;
    const url = path.replace(/\/:(\w+)(\?)?/g, (_whole, name: string) => {
      const value = name === 'id' ? id : (ofKind[name] ?? values[name]);
      if (value === undefined || value === null) complete = false;
      return value ? `/${value}` : '';
    });
    if (complete) filled.push(url);
  }
  return filled;
}

/** The access type a containers-, roles- or permissions- screen is of, by its first segment. */
const ACCESS_TYPE_OF: Record<string, string> = {
  user: 'USER',
  'users-manager': 'USER_MANAGER',
  'user-manager': 'USER_MANAGER',
  level: 'LEVEL',
  resource: 'RESOURCE',
  'reception-desk': 'RECEPTION_DESK',
};

/**
 * A container and a role of every access type, a permission of each category and a mega
 * container (issue 38's screens), made for the sweep: answers, for a path, the ids its address names.
 */
async function accessRecords(page: Page): Promise<(path: string) => Record<string, string>> {
  const byType = new Map<string, Record<string, string>>();
  for (const type of new Set(Object.values(ACCESS_TYPE_OF))) {
    const container = await apiCall<{ id: number }>(page, 'POST', `${API}/containers`, {
      name: `Every screen ${type}`,
      access_type: type,
    });
    const role = await apiCall<{ id: number }>(page, 'POST', `${API}/roles`, {
      name: `Every screen ${type}`,
      kind: type,
    });
    const permissions = await apiCall<{ data: Array<{ id: number }> }>(
      page,
      'GET',
      `${API}/permissions?category=${type}`,
    );
    byType.set(type, {
      container_id: String(container.id),
      role_id: String(role.id),
      ...(permissions.data[0] ? { permission_id: String(permissions.data[0].id) } : {}),
    });
  }
  const mega = await apiCall<{ id: number }>(page, 'POST', `${API}/mega-containers`, {
    name: 'Every screen',
  });
  return (path) => {
    const kind = /^\/(?:containers|roles|permissions)-([\w-]+)/.exec(path)?.[1];
    const type = kind ? ACCESS_TYPE_OF[kind] : undefined;
    return { mega_container_id: String(mega.id), ...(type ? byType.get(type) : {}) };
  };
}

/** The widths every screen is checked at (issue 40): a desktop's and a phone's (360×640). */
const DESKTOP = { width: 1280, height: 720 };
const PHONE = { width: 360, height: 640 };

/** Two frames: a resize's media queries have been answered and React has drawn what they changed. */
function settled(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Opens each path; answers what went wrong on the way, as "path: what". */
async function openEach(page: Page, base: string, paths: readonly string[]): Promise<string[]> {
  const problems = watchPageProblems(page);
  const failures: string[] = [];
  for (const path of paths) {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${base}${path}`);
    await page.locator('main').first().waitFor();
    // Loaded: no progress indicator left (screens show one while their data is on its way).
    const loaded = await expect
      .poll(() => page.getByRole('progressbar').count())
      .toBe(0)
      .then(() => true)
      .catch(() => false);
    if (!loaded) failures.push(`${path}: still loading after a minute`);
    const landed = new URL(page.url()).pathname;
    if (landed === '/404') failures.push(`${path}: ended on the not-found page`);
    if (await page.getByRole('alertdialog').count())
      failures.push(`${path}: ${await page.getByRole('alertdialog').first().innerText()}`);
    for (const violation of await seriousAxeViolations(page))
      failures.push(`${path} (at ${landed}): ${JSON.stringify(violation)}`);
    // The same screen on a phone: the layout changes with the width, not with a reload.
    await page.setViewportSize(PHONE);
    await settled(page);
    for (const violation of await seriousAxeViolations(page))
      failures.push(`${path} (at ${landed}, 360 px): ${JSON.stringify(violation)}`);
    failures.push(...problems.splice(0).map((problem) => `${path}: ${problem}`));
  }
  return failures;
}

/**
 * Registers shard `shard` (0-based) of the sweep: every SWEEP_SHARDS-th screen, with and without
 * ids, on a server and browser of its own.
 */
export function sweepEveryScreen(shard: number): void {
  const stage = useServerAndBrowser();
  const mine = (_path: string, index: number) => index % SWEEP_SHARDS === shard;

  describe('every screen without an id', () => {
    it('opens directly for the administrator, loads without an error and passes axe-core', async () => {
      expect(SCREENS.length).toBeGreaterThan(40);
      const { context, page } = await signedIn(stage, 'admin@acme.test');
      expect(await openEach(page, stage.server().companyUrl('acme'), SCREENS.filter(mine))).toEqual([]);
      await context.close();
    }, 600_000);
  });

  describe('every screen whose address names one of the company’s records', () => {
    it('opens directly for the administrator, loads without an error and passes axe-core', async () => {
      const { context, page } = await signedIn(stage, 'admin@acme.test');
      const paths = await screensWithIds(page);
      expect(paths.length).toBeGreaterThan(40);
      // issue 38: a container and a role of each of the five kinds, a permission of each of the
      // three permission screens and a mega container are among them.
      expect(
        paths.filter((path) => /^\/(containers|roles|permissions)-[\w-]+\/edit[\w-]*\/\d+$/.test(path)),
      ).toHaveLength(14);
      expect(await openEach(page, stage.server().companyUrl('acme'), paths.filter(mine))).toEqual([]);
      await context.close();
    }, 600_000);
  });
}
