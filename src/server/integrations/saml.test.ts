import { beforeAll, describe, expect, it } from 'vitest';
import {
  generateSigningPair,
  sha1SignedAssertionResponse,
  signedAssertionResponse,
  signedResponse,
  toBase64,
  unsignedResponse,
  wrappedResponse,
  wrappedWithCopiedSignature,
  type AssertionOptions,
  type SigningPair,
} from '../../../test/support/saml-fixtures';
import {
  authnRequestUrl,
  isCertificate,
  SamlRefusal,
  validateSamlResponse,
  type SamlPartners,
  type SamlRefusalReason,
  type SamlStateStore,
} from './saml';

// The AuthnRequest every response of these tests answers, unless a test says otherwise.
const SENT = '_sent-by-us';

/** The state store in memory, one AuthnRequest (SENT) already sent. */
function memoryStore(): SamlStateStore & { requests: Set<string> } {
  const requests = new Set<string>([SENT]);
  const assertions = new Set<string>();
  return {
    requests,
    async rememberRequest(id) {
      requests.add(id);
    },
    async requestIsPending(id) {
      return requests.has(id);
    },
    async forgetRequest(id) {
      requests.delete(id);
    },
    async useAssertionOnce(id) {
      if (assertions.has(id)) return false;
      assertions.add(id);
      return true;
    },
  };
}

let idp: SigningPair;
let stranger: SigningPair;
let partners: SamlPartners;
let base: AssertionOptions;

beforeAll(() => {
  idp = generateSigningPair('idp');
  stranger = generateSigningPair('stranger');
  partners = {
    idpEntityId: 'https://idp.example/metadata',
    ssoUrl: 'https://idp.example/sso',
    idpCertificates: [idp.cert],
    spEntityId: 'http://acme.workplace.localhost/api/sso/acme/metadata',
    acsUrl: 'http://acme.workplace.localhost/api/sso/acme/acs',
  };
  base = {
    idpEntityId: partners.idpEntityId,
    audience: partners.spEntityId,
    acsUrl: partners.acsUrl,
    email: 'employee@acme.test',
    attributes: { givenName: 'Erin', sn: 'Employee' },
    inResponseTo: SENT,
  };
});

async function refusalOf(xml: string, store = memoryStore()): Promise<SamlRefusalReason> {
  try {
    await validateSamlResponse(partners, store, toBase64(xml));
  } catch (error) {
    if (error instanceof SamlRefusal) return error.reason;
    throw error;
  }
  throw new Error('The response was accepted');
}

describe('validateSamlResponse', () => {
  it('accepts a response whose assertion is signed by the IdP, and names the person and attributes', async () => {
    const identity = await validateSamlResponse(
      partners,
      memoryStore(),
      toBase64(signedAssertionResponse(base, idp)),
    );
    expect(identity.nameId).toBe('employee@acme.test');
    expect(identity.attributes).toMatchObject({ givenName: 'Erin', sn: 'Employee' });
    expect(identity.assertionId).toMatch(/^_a/);
  });

  it('accepts a response signed as a whole', async () => {
    const identity = await validateSamlResponse(partners, memoryStore(), toBase64(signedResponse(base, idp)));
    expect(identity.nameId).toBe('employee@acme.test');
  });

  it('accepts a certificate given without its PEM armour, and one of several (rollover)', async () => {
    const bare = idp.cert.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
    const identity = await validateSamlResponse(
      { ...partners, idpCertificates: [stranger.cert, bare] },
      memoryStore(),
      toBase64(signedAssertionResponse(base, idp)),
    );
    expect(identity.nameId).toBe('employee@acme.test');
  });

  it('refuses an unsigned response', async () => {
    expect(await refusalOf(unsignedResponse(base))).toBe('unsigned');
  });

  it('refuses a response signed with another key than the connector’s certificate', async () => {
    expect(await refusalOf(signedAssertionResponse(base, stranger))).toBe('bad-signature');
    expect(await refusalOf(signedResponse(base, stranger))).toBe('bad-signature');
  });

  it('refuses a signed assertion altered after signing', async () => {
    const altered = signedAssertionResponse(base, idp).replace('employee@acme.test', 'admin@acme.test');
    expect(await refusalOf(altered)).toBe('bad-signature');
  });

  it('refuses an assertion for another audience', async () => {
    expect(
      await refusalOf(signedAssertionResponse({ ...base, audience: 'https://other.example/sp' }, idp)),
    ).toBe('wrong-audience');
  });

  it('refuses an expired assertion (beyond the clock skew)', async () => {
    const past = Date.now() - 10 * 60_000;
    const expired = { ...base, notBefore: new Date(past - 60_000), notOnOrAfter: new Date(past) };
    expect(await refusalOf(signedAssertionResponse(expired, idp))).toBe('expired');
  });

  it('accepts an assertion that ended within the clock skew', async () => {
    const justEnded = { ...base, notOnOrAfter: new Date(Date.now() - 30_000) };
    await expect(
      validateSamlResponse(partners, memoryStore(), toBase64(signedAssertionResponse(justEnded, idp))),
    ).resolves.toMatchObject({ nameId: 'employee@acme.test' });
  });

  it('refuses an assertion that is not valid yet', async () => {
    const future = {
      ...base,
      notBefore: new Date(Date.now() + 10 * 60_000),
      notOnOrAfter: new Date(Date.now() + 20 * 60_000),
    };
    expect(await refusalOf(signedAssertionResponse(future, idp))).toBe('not-yet-valid');
  });

  it('refuses a wrapped response (the signed assertion moved aside, a forged one in its place)', async () => {
    expect(await refusalOf(wrappedResponse(base, idp, 'admin@acme.test'))).toBe('wrapped');
  });

  it('refuses a wrapped response whose forged assertion copies the genuine signature', async () => {
    expect(await refusalOf(wrappedWithCopiedSignature(base, idp, 'admin@acme.test'))).toBe('wrapped');
  });

  it('refuses a replayed assertion', async () => {
    const store = memoryStore();
    const xml = signedAssertionResponse(base, idp);
    await validateSamlResponse(partners, store, toBase64(xml));
    // As if the request were still open: the assertion itself is what is refused.
    store.requests.add(SENT);
    expect(await refusalOf(xml, store)).toBe('replayed');
  });

  it('refuses a response from another issuer', async () => {
    expect(
      await refusalOf(signedAssertionResponse({ ...base, idpEntityId: 'https://evil.example' }, idp)),
    ).toBe('wrong-issuer');
  });

  it('refuses a response sent to another destination or recipient', async () => {
    expect(
      await refusalOf(signedAssertionResponse({ ...base, destination: 'https://other.example/acs' }, idp)),
    ).toBe('wrong-destination');
    expect(
      await refusalOf(signedAssertionResponse({ ...base, acsUrl: 'https://other.example/acs' }, idp)),
    ).toBe('wrong-destination');
  });

  it('refuses a response answering a request that was never sent', async () => {
    expect(await refusalOf(signedAssertionResponse({ ...base, inResponseTo: '_never-sent' }, idp))).toBe(
      'unknown-request',
    );
  });

  it('refuses an unsolicited response (IdP-initiated: it answers no request)', async () => {
    expect(await refusalOf(signedAssertionResponse({ ...base, inResponseTo: undefined }, idp))).toBe(
      'unknown-request',
    );
  });

  it('refuses a response signed with SHA-1', async () => {
    expect(await refusalOf(sha1SignedAssertionResponse(base, idp))).toBe('weak-signature');
  });

  it('accepts the answer to a request it sent, once', async () => {
    const store = memoryStore();
    store.requests.clear();
    const url = new URL(await authnRequestUrl(partners, store, 'app'));
    expect(`${url.origin}${url.pathname}`).toBe(partners.ssoUrl);
    expect(url.searchParams.get('SAMLRequest')).toBeTruthy();
    expect(url.searchParams.get('RelayState')).toBe('app');
    const [requestId] = [...store.requests];
    await validateSamlResponse(
      partners,
      store,
      toBase64(signedAssertionResponse({ ...base, inResponseTo: requestId }, idp)),
    );
    expect(store.requests.size).toBe(0);
    expect(await refusalOf(signedAssertionResponse({ ...base, inResponseTo: requestId }, idp), store)).toBe(
      'unknown-request',
    );
  });

  it('refuses what is not a SAMLResponse', async () => {
    expect(await refusalOf('<html/>')).toBe('malformed');
    await expect(validateSamlResponse(partners, memoryStore(), 'not base64 ***')).rejects.toMatchObject({
      reason: 'malformed',
    });
  });
});

describe('isCertificate', () => {
  it('tells a certificate from other text', () => {
    expect(isCertificate(idp.cert)).toBe(true);
    expect(isCertificate(idp.cert.replace(/-----[A-Z ]+-----/g, ''))).toBe(true);
    expect(isCertificate('hello')).toBe(false);
    expect(isCertificate(idp.key)).toBe(false);
  });
});
