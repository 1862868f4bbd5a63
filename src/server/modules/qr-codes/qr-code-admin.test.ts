import { beforeAll, describe, expect, it } from 'vitest';
import { givenFloor } from '../declarations/declarations.fixtures';
import { qrTextsInPdf, qrTextsInZip } from '../../../../test/support/qr-read-back';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import { NEW_TEMPLATE, type QrCodeTemplate } from '../../../shared/contract/qr-code-templates';
import type { QrCode } from '../../../shared/contract/qr-codes';

const TEMPLATES = '/api/company/v1/qr-code-templates';
const CODES = '/api/company/v1/qr-codes';

describeEachDatabase('QR code templates and codes', (server) => {
  let admin: string;
  let employee: string;
  let globex: string;
  let floor: { levelId: number; desks: number[] };

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    const given = await givenFloor(server());
    const desks: number[] = [];
    for (let number = 1; number <= 40; number += 1) desks.push(await given.resource(`QR desk ${number}`));
    floor = { levelId: given.levelId, desks };
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call(server(), method, url, { subdomain: 'acme', token: admin, body });
  const template = (overrides: Partial<typeof NEW_TEMPLATE> = {}) => ({
    ...NEW_TEMPLATE,
    name: 'Desk stickers',
    ...overrides,
  });
  const created = async (overrides: Partial<typeof NEW_TEMPLATE> = {}) => {
    const response = await asAdmin('POST', TEMPLATES, template(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<QrCodeTemplate>();
  };
  const floorCodes = async () => {
    const response = await asAdmin('GET', `${CODES}?level_id=${floor.levelId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: QrCode[]; meta: { total: number } }>();
  };
  const readBack = async (url: string) => {
    const code = new URL(url).pathname.replace('/qrcode-read/', '');
    const read = await call(server(), 'GET', `/api/qrcode-read/${code}`);
    expect(read.statusCode, read.body).toBe(200);
    return read.json<{ entity_id: number; subdomain: string }>();
  };

  describe(`POST ${TEMPLATES}`, () => {
    it('keeps the layout as sent, lower-casing the colour', async () => {
      const made = await created({ name: 'Meeting rooms', text_colour: '#1A2B3C', caption: 'Scan to book' });
      expect(made).toMatchObject({ name: 'Meeting rooms', text_colour: '#1a2b3c', caption: 'Scan to book' });
      expect((await asAdmin('GET', `${TEMPLATES}/${made.id}`)).json()).toEqual(made);
    });

    it('answers 422 with the field that makes the labels overflow the page, and stores nothing', async () => {
      const before = (await asAdmin('GET', TEMPLATES)).json<{ meta: { total: number } }>().meta.total;
      const wide = await asAdmin('POST', TEMPLATES, template({ columns: 3, label_width_mm: 70 }));
      expect(wide.statusCode).toBe(201);
      const across = await asAdmin('POST', TEMPLATES, template({ columns: 4, label_width_mm: 70 }));
      expect(expectErrorShape(across, 422).errors).toEqual({
        columns: ['The labels do not fit across the page.'],
      });
      const down = await asAdmin('POST', TEMPLATES, template({ rows: 9, label_height_mm: 36 }));
      expect(expectErrorShape(down, 422).errors).toEqual({ rows: ['The labels do not fit down the page.'] });
      const bad = await asAdmin('POST', TEMPLATES, {
        ...template(),
        name: '',
        text_colour: 'red',
        columns: 0,
      });
      expect(Object.keys(expectErrorShape(bad, 422).errors ?? {}).sort()).toEqual([
        'columns',
        'name',
        'text_colour',
      ]);
      const after = (await asAdmin('GET', TEMPLATES)).json<{ meta: { total: number } }>().meta.total;
      expect(after).toBe(before + 1);
    });
  });

  describe(`PUT ${TEMPLATES}/{id}/default`, () => {
    it('makes the template the company’s one default, listed first', async () => {
      const first = await created({ name: 'First' });
      const second = await created({ name: 'Second' });
      expect((await asAdmin('PUT', `${TEMPLATES}/${second.id}/default`)).json()).toMatchObject({
        id: second.id,
        is_default: true,
      });
      const list = (await asAdmin('GET', TEMPLATES)).json<{ data: QrCodeTemplate[] }>().data;
      expect(list.filter((item) => item.is_default).map((item) => item.id)).toEqual([second.id]);
      expect(list[0]!.id).toBe(second.id);
      await asAdmin('PUT', `${TEMPLATES}/${first.id}/default`);
      const again = (await asAdmin('GET', TEMPLATES)).json<{ data: QrCodeTemplate[] }>().data;
      expect(again.filter((item) => item.is_default).map((item) => item.id)).toEqual([first.id]);
    });

    it('keeps the default when the id names no template of the company', async () => {
      const list = async () =>
        (await asAdmin('GET', TEMPLATES))
          .json<{ data: QrCodeTemplate[] }>()
          .data.find((item) => item.is_default)?.id;
      const before = await list();
      expectErrorShape(await asAdmin('PUT', `${TEMPLATES}/999999/default`), 404);
      expect(await list()).toBe(before);
    });
  });

  describe(`GET ${CODES}`, () => {
    it('lists a code for every desk of the floor, each reading back to its desk', async () => {
      const { data, meta } = await floorCodes();
      expect(meta.total).toBe(40);
      expect(data.map((code) => code.entity_id).sort((a, b) => a - b)).toEqual(floor.desks);
      expect(data[0]).toMatchObject({
        name: 'QR desk 1',
        level: 'Booking floor acme',
        type: expect.any(String),
      });
      const read = await call(server(), 'GET', `/api/qrcode-read/${data[0]!.code}`);
      expect(read.json()).toMatchObject({ entity_kind: 1, entity_id: data[0]!.entity_id, subdomain: 'acme' });
    });

    it('filters by resource type', async () => {
      const { data } = await floorCodes();
      const desks = await asAdmin('GET', `${CODES}?level_id=${floor.levelId}&type=999999`);
      expect(desks.json<{ data: QrCode[] }>().data).toEqual([]);
      const typeId = await server()
        .db.kysely.selectFrom('resources')
        .select('resource_type_id')
        .where('id', '=', data[0]!.entity_id)
        .executeTakeFirstOrThrow();
      const same = await asAdmin('GET', `${CODES}?level_id=${floor.levelId}&type=${typeId.resource_type_id}`);
      expect(same.json<{ meta: { total: number } }>().meta.total).toBe(40);
    });
  });

  describe(`PUT and DELETE ${CODES}/{id}`, () => {
    it('prints a code with the chosen template, and refuses another company’s template', async () => {
      const { data } = await floorCodes();
      const rooms = await created({ name: 'Chosen' });
      const chosen = await asAdmin('PUT', `${CODES}/${data[1]!.id}`, { template_id: rooms.id });
      expect(chosen.json()).toMatchObject({ id: data[1]!.id, template_id: rooms.id });
      const theirs = await call(server(), 'POST', TEMPLATES, {
        subdomain: 'globex',
        token: globex,
        body: template({ name: 'Globex' }),
      });
      const refused = await asAdmin('PUT', `${CODES}/${data[1]!.id}`, {
        template_id: theirs.json<{ id: number }>().id,
      });
      expect(expectErrorShape(refused, 422).errors).toEqual({ template_id: ['QR code template not found.'] });
      await asAdmin('PUT', `${CODES}/${data[1]!.id}`, { template_id: null });
    });

    it('renews a deleted code: the old label stops opening the desk', async () => {
      const { data } = await floorCodes();
      const old = data[2]!;
      expect((await asAdmin('DELETE', `${CODES}/${old.id}`)).statusCode).toBe(200);
      expectErrorShape(await call(server(), 'GET', `/api/qrcode-read/${old.code}`), 404);
      const renewed = (await floorCodes()).data.find((code) => code.entity_id === old.entity_id)!;
      expect(renewed.code).not.toBe(old.code);
    });
  });

  describe(`POST ${CODES}/exports`, () => {
    it('prints a floor’s 40 desks as a PDF of labels whose codes each read back to their desk', async () => {
      const response = await asAdmin('POST', `${CODES}/exports`, { format: 'pdf', level_id: floor.levelId });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe('attachment; filename="qr-codes.pdf"');
      const bytes = response.rawPayload;
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const texts = await qrTextsInPdf(bytes);
      expect(texts).toHaveLength(40);
      const read = await Promise.all(texts.map(readBack));
      expect(read.every((target) => target.subdomain === 'acme')).toBe(true);
      expect(read.map((target) => target.entity_id).sort((a, b) => a - b)).toEqual(floor.desks);
    });

    it('gives the chosen codes as a ZIP of PNG images that read back to their desks', async () => {
      const { data } = await floorCodes();
      const chosen = data.slice(0, 3);
      const response = await asAdmin('POST', `${CODES}/exports`, {
        format: 'png',
        qr_code_ids: chosen.map((code) => code.id),
      });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      const files = qrTextsInZip(response.rawPayload);
      expect(Object.keys(files)).toHaveLength(3);
      expect(Object.keys(files)[0]).toMatch(/QR desk .*\.png$/);
      const read = await Promise.all(Object.values(files).map((text) => readBack(text!)));
      expect(read.map((target) => target.entity_id).sort((a, b) => a - b)).toEqual(
        chosen.map((code) => code.entity_id).sort((a, b) => a - b),
      );
    });

    it('answers 422 when nothing matches, or for an unknown format', async () => {
      const none = await asAdmin('POST', `${CODES}/exports`, { format: 'pdf', type: 999999 });
      expect(expectErrorShape(none, 422).errors).toEqual({
        qr_code_ids: ['No QR codes match these filters.'],
      });
      const format = await asAdmin('POST', `${CODES}/exports`, { format: 'gif' });
      expect(Object.keys(expectErrorShape(format, 422).errors ?? {})).toEqual(['format']);
    });
  });

  describe('who may', () => {
    it('refuses an employee without QR_CODE on every route (403)', async () => {
      const { data } = await floorCodes();
      const some = await created({ name: 'Refused' });
      const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
        ['GET', TEMPLATES],
        ['GET', `${TEMPLATES}/${some.id}`],
        ['POST', TEMPLATES, template()],
        ['PUT', `${TEMPLATES}/${some.id}`, template()],
        ['PUT', `${TEMPLATES}/${some.id}/default`],
        ['DELETE', `${TEMPLATES}/${some.id}`],
        ['GET', CODES],
        ['GET', `${CODES}/${data[0]!.id}`],
        ['GET', `${CODES}/read/${data[0]!.code}`],
        ['PUT', `${CODES}/${data[0]!.id}`, { template_id: null }],
        ['DELETE', `${CODES}/${data[0]!.id}`],
        ['POST', `${CODES}/exports`, { format: 'pdf' }],
      ];
      for (const [method, url, body] of routes) {
        const response = await call(server(), method, url, { subdomain: 'acme', token: employee, body });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    });

    it('answers 404 to another company for acme’s templates and codes, changing nothing', async () => {
      const { data } = await floorCodes();
      const some = await created({ name: 'Not yours' });
      const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
        call(server(), method, url, { subdomain: 'globex', token: globex, body });
      for (const [method, url, body] of [
        ['GET', `${TEMPLATES}/${some.id}`],
        ['PUT', `${TEMPLATES}/${some.id}`, template({ name: 'Taken' })],
        ['PUT', `${TEMPLATES}/${some.id}/default`],
        ['DELETE', `${TEMPLATES}/${some.id}`],
        ['GET', `${CODES}/${data[0]!.id}`],
        ['GET', `${CODES}/read/${data[0]!.code}`],
        ['PUT', `${CODES}/${data[0]!.id}`, { template_id: null }],
        ['DELETE', `${CODES}/${data[0]!.id}`],
      ] as const)
        expectErrorShape(await as(method, url, body), 404);
      expect((await asAdmin('GET', `${TEMPLATES}/${some.id}`)).json()).toEqual(some);
      const theirs = await as('GET', CODES);
      expect(theirs.json<{ data: QrCode[] }>().data.map((code) => code.id)).not.toContain(data[0]!.id);
      const exported = await as('POST', `${CODES}/exports`, { format: 'pdf', qr_code_ids: [data[0]!.id] });
      expect(expectErrorShape(exported, 422).errors).toEqual({
        qr_code_ids: ['No QR codes match these filters.'],
      });
    });
  });
});
