import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { loggerOptions, redactUrl } from '../../src/server/http/logging';
import { registerSecurityHeaders } from '../../src/server/http/security-headers';
import {
  checkOutboundUrl,
  isInternalAddress,
  OUTBOUND_MESSAGES,
} from '../../src/server/integrations/outbound-url';
import { SamlRefusal, validateSamlResponse, type SamlStateStore } from '../../src/server/integrations/saml';
import { sanitizeSvg } from '../../src/server/modules/maps/map-image';
import {
  generateSigningPair,
  sha1SignedAssertionResponse,
  signedAssertionResponse,
  toBase64,
} from '../support/saml-fixtures';

/**
 * Issue 37, point 5: the smaller holes an attacker found, each kept here as a permanent case.
 * Cases that need a running server are in the files beside this one.
 */
describe('SVG cleaner', () => {
  const xhtmlRoot = (inner: string) =>
    `<svg xmlns="http://www.w3.org/1999/xhtml" width="10" height="10">${inner}<rect width="5" height="5"/></svg>`;

  it('drops HTML elements under a root that declares the XHTML namespace', () => {
    const cleaned = sanitizeSvg(
      xhtmlRoot(
        '<meta http-equiv="refresh" content="0;url=https://evil.test"/><form action="https://evil.test"><input name="q"/></form>',
      ),
    )!;
    expect(cleaned.svg).not.toMatch(/meta|refresh|form|input|evil/i);
    expect(cleaned.svg).toContain('<rect width="5" height="5"/>');
    // The output declares the SVG namespace, whatever the input said.
    expect(cleaned.svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(cleaned.svg).not.toContain('1999/xhtml');
  });

  it('drops a link’s ping, and elements under a prefix of another namespace', () => {
    const cleaned = sanitizeSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml" width="10" height="10"><a href="#x" ping="https://evil.test/track"><rect width="1" height="1"/></a><h:form action="https://evil.test"/><h:meta http-equiv="refresh" content="0"/></svg>`,
    )!;
    expect(cleaned.svg).not.toMatch(/ping|evil|form|meta/i);
    expect(cleaned.svg).toContain('<a href="#x">');
  });

  it('keeps an ordinary floor plan as it was drawn', () => {
    const cleaned = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"><defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs><g><path d="M0 0L10 10" fill="url(#g)"/><text x="1" y="2">Room 1</text></g></svg>',
    )!;
    expect(cleaned).toMatchObject({ width: 100, height: 50 });
    expect(cleaned.svg).toContain('<linearGradient id="g"><stop offset="0"/></linearGradient>');
    expect(cleaned.svg).toContain('<path d="M0 0L10 10" fill="url(#g)"/>');
    expect(cleaned.svg).toContain('<text x="1" y="2">Room 1</text>');
  });
});

describe('SSRF guard', () => {
  const noLookup = () => Promise.reject(new Error('a literal address is not looked up'));

  it.each([
    'http://[::127.0.0.1]/',
    'http://[::7f00:1]/',
    'http://[2002:7f00:1::]/',
    'http://[2002:a9fe:a9fe::1]/latest/meta-data',
    'http://[2002:c0a8:101::]/',
    'http://[::ffff:7f00:1]/',
    'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
  ])('refuses %s, loopback or private behind an IPv6 spelling', async (url) => {
    expect(await checkOutboundUrl(url, { allowPrivate: false }, noLookup)).toEqual({
      ok: false,
      message: OUTBOUND_MESSAGES.internal,
    });
  });

  it('still reaches public addresses, 6to4 and mapped ones included', async () => {
    for (const address of ['2002:808:808::1', '::ffff:8.8.8.8', '2606:4700:4700::1111', '8.8.8.8'])
      expect(isInternalAddress(address), address).toBe(false);
    expect(
      (await checkOutboundUrl('https://[2606:4700:4700::1111]/', { allowPrivate: false }, noLookup)).ok,
    ).toBe(true);
  });
});

describe('request log', () => {
  it('redacts the hand-over code of the address the company host is opened with', () => {
    expect(redactUrl('/login?handover=Zm9vYmFyYmF6cXV4&lang=en')).toBe('/login?handover=[redacted]&lang=en');
    expect(redactUrl('/login?lang=en&handover_code=abc')).toBe('/login?lang=en&handover_code=[redacted]');
  });

  it('never writes the hand-over code while serving that address', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { ...(loggerOptions({ logLevel: 'info' }) as object), stream } });
    app.get('/login', async () => 'the sign-in page');
    await app.inject({ method: 'GET', url: '/login?handover=single-use-secret-code' });
    await app.close();
    expect(lines.join('')).toContain('/login?handover=[redacted]');
    expect(lines.join('')).not.toContain('single-use-secret-code');
  });
});

describe('HSTS', () => {
  it('is sent over HTTPS (here behind a trusted proxy), not over plain HTTP', async () => {
    const app = Fastify({ trustProxy: true });
    registerSecurityHeaders(app);
    app.get('/api/health', async () => ({ status: 'ok' }));
    const secure = await app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    const plain = await app.inject({ url: '/api/health' });
    await app.close();
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('SAML', () => {
  const partners = {
    idpEntityId: 'https://idp.example/metadata',
    ssoUrl: 'https://idp.example/sso',
    idpCertificates: [] as string[],
    spEntityId: 'http://acme.workplace.localhost/api/sso/acme/metadata',
    acsUrl: 'http://acme.workplace.localhost/api/sso/acme/acs',
  };
  const idp = generateSigningPair('idp');
  partners.idpCertificates = [idp.cert];
  const options = {
    idpEntityId: partners.idpEntityId,
    audience: partners.spEntityId,
    acsUrl: partners.acsUrl,
    email: 'employee@acme.test',
  };
  const store = (sent: string[]): SamlStateStore => {
    const requests = new Set(sent);
    return {
      rememberRequest: async (id) => void requests.add(id),
      requestIsPending: async (id) => requests.has(id),
      forgetRequest: async (id) => void requests.delete(id),
      useAssertionOnce: async () => true,
    };
  };
  const reasonOf = (xml: string, sent: string[]) =>
    validateSamlResponse(partners, store(sent), toBase64(xml)).then(
      () => 'accepted',
      (error: unknown) => (error instanceof SamlRefusal ? error.reason : 'error'),
    );

  it('refuses an unsolicited response, accepts the answer to a request sent', async () => {
    expect(await reasonOf(signedAssertionResponse(options, idp), [])).toBe('unknown-request');
    expect(
      await reasonOf(signedAssertionResponse({ ...options, inResponseTo: '_ours' }, idp), ['_ours']),
    ).toBe('accepted');
  });

  it('refuses a SHA-1 signature even from the right key', async () => {
    expect(
      await reasonOf(sha1SignedAssertionResponse({ ...options, inResponseTo: '_ours' }, idp), ['_ours']),
    ).toBe('weak-signature');
  });
});
