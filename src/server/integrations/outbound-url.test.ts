import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  guardedFetch,
  isInternalAddress,
  OUTBOUND_MESSAGES,
  OutboundUrlRefusedError,
  type Resolver,
} from './outbound-url';

const strict = { allowPrivate: false };
const resolvesTo =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const found = table[host];
    if (!found) throw new Error('ENOTFOUND');
    return found;
  };
const dns = resolvesTo({
  'calendar.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'rebind.example.com': ['93.184.215.14', '10.0.0.5'],
  'metadata.example.com': ['169.254.169.254'],
  'v6local.example.com': ['fd12:3456::1'],
  'empty.example.com': [],
});

describe('administrator-typed connector URLs', () => {
  it.each([
    ['loopback', 'http://127.0.0.1/'],
    ['loopback, other address of 127/8', 'http://127.8.9.10:8080/x'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['link-local', 'http://169.254.10.1/'],
    ['RFC 1918 10/8', 'https://10.1.2.3/'],
    ['RFC 1918 172.16/12', 'https://172.20.0.1/'],
    ['RFC 1918 192.168/16', 'https://192.168.1.1/'],
    ['unspecified', 'http://0.0.0.0/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv6 unique local fc00::/7', 'http://[fd00:ec2::254]/'],
    ['IPv6 link-local', 'http://[fe80::1]/'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/'],
    ['localhost', 'http://localhost:8080/'],
    ['the Google metadata name', 'http://metadata.google.internal/computeMetadata/v1/'],
    ['a *.localhost name', 'http://acme.workplace.localhost/'],
  ])('refuses %s with the clear message (%s)', async (_name, url) => {
    expect(await checkOutboundUrl(url, strict, dns)).toEqual({
      ok: false,
      message: OUTBOUND_MESSAGES.internal,
    });
  });

  it('refuses a host name when any address it resolves to is internal (all addresses are checked)', async () => {
    expect(await checkOutboundUrl('https://rebind.example.com/', strict, dns)).toMatchObject({
      ok: false,
      message: OUTBOUND_MESSAGES.internal,
    });
    expect(await checkOutboundUrl('https://metadata.example.com/', strict, dns)).toMatchObject({ ok: false });
    expect(await checkOutboundUrl('https://v6local.example.com/', strict, dns)).toMatchObject({ ok: false });
  });

  it('accepts a public https address whose every resolved address is public', async () => {
    const check = await checkOutboundUrl('https://calendar.example.com/dav/', strict, dns);
    expect(check).toMatchObject({ ok: true });
    expect(check.ok && check.url.hostname).toBe('calendar.example.com');
    expect(await checkOutboundUrl('https://93.184.215.14/', strict, dns)).toMatchObject({ ok: true });
  });

  it('refuses other schemes, embedded credentials, unparsable input and names that do not resolve', async () => {
    expect(await checkOutboundUrl('ftp://calendar.example.com/', strict, dns)).toEqual({
      ok: false,
      message: OUTBOUND_MESSAGES.scheme,
    });
    expect(await checkOutboundUrl('file:///etc/passwd', strict, dns)).toEqual({
      ok: false,
      message: OUTBOUND_MESSAGES.scheme,
    });
    expect(await checkOutboundUrl('https://u:p@calendar.example.com/', strict, dns)).toEqual({
      ok: false,
      message: OUTBOUND_MESSAGES.credentials,
    });
    expect(await checkOutboundUrl('not a url', strict, dns)).toEqual({
      ok: false,
      message: OUTBOUND_MESSAGES.invalid,
    });
    expect(await checkOutboundUrl('https://nowhere.example.com/', strict, dns)).toEqual({
      ok: false,
      message: OUTBOUND_MESSAGES.unresolvable,
    });
    expect(await checkOutboundUrl('https://empty.example.com/', strict, dns)).toEqual({
      ok: false,
      message: OUTBOUND_MESSAGES.unresolvable,
    });
  });

  it('allows internal addresses when the operator allows them (ALLOW_PRIVATE_CONNECTOR_URLS)', async () => {
    expect(await checkOutboundUrl('http://127.0.0.1:5232/', { allowPrivate: true }, dns)).toMatchObject({
      ok: true,
    });
    expect(await checkOutboundUrl('ftp://127.0.0.1/', { allowPrivate: true }, dns)).toMatchObject({
      ok: false,
    });
  });

  it('classifies addresses', () => {
    expect(isInternalAddress('8.8.8.8')).toBe(false);
    expect(isInternalAddress('2001:4860:4860::8888')).toBe(false);
    expect(isInternalAddress('100.64.0.1')).toBe(true);
    expect(isInternalAddress('::ffff:7f00:1')).toBe(true);
    expect(isInternalAddress('not-an-address')).toBe(true);
  });
});

describe('guardedFetch', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/redirect') {
        response.writeHead(302, { location: 'file:///etc/passwd' });
        return response.end();
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ method: request.method, auth: request.headers.authorization ?? null }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://localhost:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a request to a name that resolves to loopback at connect time', async () => {
    await expect(guardedFetch(`${base}/`, {}, strict)).rejects.toBeInstanceOf(OutboundUrlRefusedError);
  });

  it('makes the request when internal addresses are allowed, with method, headers and body', async () => {
    const answer = await guardedFetch(
      `${base}/x`,
      { method: 'POST', headers: { authorization: 'Bearer t' }, body: '{}' },
      { allowPrivate: true },
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ method: 'POST', auth: 'Bearer t' });
  });

  it('checks every redirect hop again', async () => {
    await expect(guardedFetch(`${base}/redirect`, {}, { allowPrivate: true })).rejects.toThrow(
      OUTBOUND_MESSAGES.scheme,
    );
  });
});
