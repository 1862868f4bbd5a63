import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import { qrSvg } from './qr-image';

const LEVELS = '/api/company/v1/levels';

describeEachDatabase('QR codes', (server) => {
  let admin: string;
  let globex: string;
  let floorId: number;

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    globex = await signIn(server(), ACCOUNTS.globexAdmin, 'globex');
    const all = await call(server(), 'GET', `${LEVELS}/all?query=Floor 2`, {
      subdomain: 'acme',
      token: admin,
    });
    floorId = all.json<{ data: { id: number }[] }>().data[0]!.id;
  });

  const qrOf = async (levelId: number) => {
    const response = await call(server(), 'GET', `${LEVELS}/${levelId}/qr-code`, {
      subdomain: 'acme',
      token: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ code: string; image_url: string; read_url: string }>();
  };

  describe(`GET ${LEVELS}/{id}/qr-code`, () => {
    it('gives a level one unguessable code, the same on every call', async () => {
      const first = await qrOf(floorId);
      expect(first.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(first).toMatchObject({
        image_url: `/api/qrcode/${first.code}`,
        read_url: `/qrcode-read/${first.code}`,
      });
      expect((await qrOf(floorId)).code).toBe(first.code);
    });

    it('answers 404 for another company’s level', async () => {
      expectErrorShape(
        await call(server(), 'GET', `${LEVELS}/${floorId}/qr-code`, { subdomain: 'globex', token: globex }),
        404,
      );
    });
  });

  describe('GET /api/qrcode-read/{code} and /api/qrcode/{code} (public)', () => {
    it('resolves a code to its level and company without sign-in or Subdomain', async () => {
      const { code } = await qrOf(floorId);
      const read = await call(server(), 'GET', `/api/qrcode-read/${code}`);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toEqual({ entity_kind: 2, entity_id: floorId, subdomain: 'acme' });
    });

    it('draws the address of the company host’s /qrcode-read screen as an SVG', async () => {
      const { code } = await qrOf(floorId);
      const image = await call(server(), 'GET', `/api/qrcode/${code}`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(image.headers['content-security-policy']).toMatch(/^default-src 'none'/);
      const { config } = server();
      const port = config.port && config.port !== 80 ? `:${config.port}` : '';
      const origin = config.publicUrl
        ? new URL(config.publicUrl).origin.replace('://', '://acme.')
        : `http://acme.${config.appDomain}${port}`;
      expect(image.body).toBe(qrSvg(`${origin}/qrcode-read/${code}`));
    });

    it('answers 404 for an unknown code', async () => {
      expectErrorShape(await call(server(), 'GET', '/api/qrcode-read/AAAAAAAAAAAAAAAAAAAAAA'), 404);
      expectErrorShape(await call(server(), 'GET', '/api/qrcode/AAAAAAAAAAAAAAAAAAAAAA'), 404);
    });

    it('forgets the code of a deleted level', async () => {
      const en = await server()
        .db.kysely.selectFrom('languages')
        .select('id')
        .where('code', '=', 'en')
        .executeTakeFirstOrThrow();
      const created = await call(server(), 'POST', LEVELS, {
        subdomain: 'acme',
        token: admin,
        body: {
          parent_id: floorId,
          kind: 'zone',
          translations: [{ language_id: en.id, name: 'Scanned zone' }],
        },
      });
      const level = created.json<{ id: number }>();
      const { code } = await qrOf(level.id);
      expect((await call(server(), 'GET', `/api/qrcode-read/${code}`)).statusCode).toBe(200);
      await call(server(), 'DELETE', `${LEVELS}/${level.id}`, { subdomain: 'acme', token: admin });
      expectErrorShape(await call(server(), 'GET', `/api/qrcode-read/${code}`), 404);
    });
  });
});
