import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../../../../test/support/server-factories';
import { givenResource } from './resource-settings.fixtures';

const imageUrl = (id: number) => `/api/company/v1/resources/${id}/image`;

function png(width: number, height: number, padding = 0): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    ihdr,
    Buffer.alloc(padding),
  ]);
}

describeEachDatabase('resource picture (spec §2 resources edit: image)', (server) => {
  let admin: string;
  let employee: string;
  let resource: number;

  const upload = (content: Buffer | string, id = resource, token = admin) =>
    call(server(), 'PUT', imageUrl(id), {
      subdomain: 'acme',
      token,
      body: { content_base64: Buffer.from(content).toString('base64') },
    });
  const fetchImage = (id = resource, token = admin, headers: Record<string, string> = {}) =>
    call(server(), 'GET', imageUrl(id), { subdomain: 'acme', token, headers });

  beforeAll(async () => {
    admin = await signIn(server(), ACCOUNTS.acmeAdmin);
    employee = await signIn(server(), ACCOUNTS.employee);
    resource = await givenResource(server(), 'acme');
  });

  describe('PUT resources/{id}/image', () => {
    it('stores a PNG, typed and sized from its content, and answers where to read it', async () => {
      const response = await upload(png(640, 480));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        resource_id: resource,
        mime: 'image/png',
        width: 640,
        height: 480,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        image_url: imageUrl(resource),
      });
      const image = await fetchImage();
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(png(640, 480))).toBe(true);
    });

    it('replaces the picture with the next upload', async () => {
      const other = await givenResource(server(), 'acme');
      await upload(png(10, 10), other);
      const second = await upload(png(20, 30), other);
      expect(second.json()).toMatchObject({ width: 20, height: 30 });
      expect((await fetchImage(other)).rawPayload.equals(png(20, 30))).toBe(true);
    });

    it('stores an SVG without script, event handlers or javascript: links', async () => {
      const other = await givenResource(server(), 'acme');
      const response = await upload(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" onload="alert(1)">' +
          '<script>alert(2)</script><a href="javascript:alert(3)"><rect width="4" height="2"/></a></svg>',
        other,
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ mime: 'image/svg+xml', width: 40, height: 20 });
      const image = await fetchImage(other);
      expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(image.headers['content-security-policy']).toContain('sandbox');
      expect(image.body).toContain('<rect width="4" height="2"/>');
      expect(image.body).not.toMatch(/script|onload|alert/i);
    });

    it('answers 422 for a file that is not an image, and keeps the old picture', async () => {
      for (const content of [
        'just text',
        '<html><script>alert(1)</script></html>',
        Buffer.from([0, 1, 2, 3]),
      ])
        expect(expectErrorShape(await upload(content), 422).errors).toEqual({
          content_base64: ['The file must be a PNG, JPEG or SVG image.'],
        });
      const notBase64 = await call(server(), 'PUT', imageUrl(resource), {
        subdomain: 'acme',
        token: admin,
        body: { content_base64: '%%%' },
      });
      expect(expectErrorShape(notBase64, 422).errors).toEqual({
        content_base64: ['The file must be a PNG, JPEG or SVG image.'],
      });
      expect((await fetchImage()).headers['content-type']).toBe('image/png');
    });

    it('answers 422 for more than 2 MB (floor plans may have 5)', async () => {
      const justOver = png(100, 100, 2 * 1024 * 1024 + 1 - 33);
      expect(justOver.length).toBe(2 * 1024 * 1024 + 1);
      expect(expectErrorShape(await upload(justOver), 422).errors).toEqual({
        content_base64: ['The file must be 2 MB or smaller.'],
      });
      const well = png(100, 100, 2 * 1024 * 1024 + 1000);
      expect(expectErrorShape(await upload(well), 422).errors).toEqual({
        content_base64: ['The file must be 2 MB or smaller.'],
      });
      const exactly = png(100, 100, 2 * 1024 * 1024 - 33);
      expect((await upload(exactly, await givenResource(server(), 'acme'))).statusCode).toBe(200);
    });

    it('answers 403 to an employee', async () => {
      expectErrorShape(await upload(png(10, 10), resource, employee), 403);
    });
  });

  describe('GET resources/{id}/image', () => {
    it('is cached privately with an ETag and answers 304 when the client has it', async () => {
      const other = await givenResource(server(), 'acme');
      const stored = (await upload(png(8, 8), other)).json<{ sha256: string }>();
      const first = await fetchImage(other);
      expect(first.headers.etag).toBe(`"${stored.sha256}"`);
      expect(first.headers['cache-control']).toBe('private, max-age=3600, must-revalidate');
      const again = await fetchImage(other, admin, { 'if-none-match': `W/"other", ${first.headers.etag}` });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      await upload(png(9, 9), other);
      expect(
        (await fetchImage(other, admin, { 'if-none-match': String(first.headers.etag) })).statusCode,
      ).toBe(200);
    });

    it('lets an employee (PLAN) see the picture', async () => {
      const image = await fetchImage(resource, employee);
      expect(image.statusCode).toBe(200);
    });

    it('answers 404 for a resource without a picture, and after DELETE', async () => {
      const other = await givenResource(server(), 'acme');
      expectErrorShape(await fetchImage(other), 404);
      await upload(png(8, 8), other);
      const deleted = await call(server(), 'DELETE', imageUrl(other), { subdomain: 'acme', token: admin });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expectErrorShape(await fetchImage(other), 404);
    });
  });
});
