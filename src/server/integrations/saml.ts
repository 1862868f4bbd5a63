import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { X509Certificate } from 'node:crypto';

/**
 * SAML 2.0 with an identity provider (Entra ID, Google Workspace): the AuthnRequest redirect that
 * starts a sign-in, and the validation of the SAMLResponse the browser posts back.
 *
 * node-saml verifies the signature (of the response or of the assertion, against the connector's
 * certificates only, never a certificate the message carries), only reads what the signature covers
 * (which defeats signature wrapping), and checks issuer, audience, time window and InResponseTo.
 * Destination, Recipient and replay it leaves to us: they are checked here.
 */

/** What the identity provider and our side of one connector are. */
export interface SamlPartners {
  idpEntityId: string;
  ssoUrl: string;
  /** PEM certificates (or their base64 bodies) the IdP signs with. */
  idpCertificates: readonly string[];
  /** Our entity id: the audience every assertion must name. */
  spEntityId: string;
  /** Where the IdP posts the SAMLResponse (our assertion consumer service). */
  acsUrl: string;
}

/**
 * State every server process must share: the AuthnRequests sent (a response naming InResponseTo
 * answers one of them, once) and the assertions already used (a second use is a replay).
 */
export interface SamlStateStore {
  rememberRequest(requestId: string, ttlSeconds: number): Promise<void>;
  requestIsPending(requestId: string): Promise<boolean>;
  forgetRequest(requestId: string): Promise<void>;
  /** Records the assertion id; false when it was recorded before (a replay). */
  useAssertionOnce(assertionId: string, expiresAt: Date): Promise<boolean>;
}

export type SamlRefusalReason =
  | 'malformed'
  | 'unsigned'
  | 'bad-signature'
  | 'weak-signature'
  | 'wrapped'
  | 'wrong-issuer'
  | 'wrong-audience'
  | 'wrong-destination'
  | 'expired'
  | 'not-yet-valid'
  | 'unknown-request'
  | 'replayed'
  | 'idp-error'
  | 'no-email';

const REASON_MESSAGES: Record<SamlRefusalReason, string> = {
  malformed: 'The sign-in answer of your identity provider could not be read.',
  unsigned: 'The sign-in answer of your identity provider is not signed.',
  'bad-signature': 'The signature of the sign-in answer does not match the identity provider’s certificate.',
  'weak-signature':
    'The sign-in answer is signed with SHA-1, which is no longer safe. Please set your identity provider to SHA-256.',
  wrapped: 'The sign-in answer was altered after it was signed.',
  'wrong-issuer': 'The sign-in answer comes from another identity provider than the one configured.',
  'wrong-audience': 'The sign-in answer is meant for another application.',
  'wrong-destination': 'The sign-in answer was sent to another address.',
  expired: 'The sign-in answer has expired. Please sign in again.',
  'not-yet-valid': 'The sign-in answer is not valid yet. Please check the clocks and sign in again.',
  'unknown-request': 'The sign-in answer does not answer a sign-in started here. Please sign in again.',
  replayed: 'This sign-in answer has already been used. Please sign in again.',
  'idp-error': 'Your identity provider refused the sign-in.',
  'no-email': 'The sign-in answer names no e-mail address.',
};

export class SamlRefusal extends Error {
  constructor(
    readonly reason: SamlRefusalReason,
    readonly detail?: string,
  ) {
    super(REASON_MESSAGES[reason]);
    this.name = 'SamlRefusal';
  }
}

/** Clocks of the IdP and of this server may differ by this much. */
export const CLOCK_SKEW_MS = 90_000;
/** An AuthnRequest must be answered within this time. */
export const REQUEST_TTL_SECONDS = 600;
// An assertion without an end of validity (unusual) is kept in the replay cache this long.
const DEFAULT_ASSERTION_LIFETIME_MS = 10 * 60_000;

export interface SignedInIdentity {
  nameId: string;
  nameIdFormat: string;
  attributes: Record<string, string>;
  assertionId: string;
  sessionIndex: string | null;
}

function samlOf(partners: SamlPartners, store: SamlStateStore): SAML {
  return new SAML({
    entryPoint: partners.ssoUrl,
    issuer: partners.spEntityId,
    audience: partners.spEntityId,
    callbackUrl: partners.acsUrl,
    idpIssuer: partners.idpEntityId,
    idpCert: partners.idpCertificates.map(pemBody),
    // Either the response or the assertion must carry a valid signature (Entra ID signs the
    // assertion by default, Google the response or both); an unsigned one is refused below.
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    // Only answers to sign-ins started here: an unsolicited (IdP-initiated) response could be one
    // captured elsewhere and posted by someone else (login CSRF), so it is refused.
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_SECONDS * 1000,
    cacheProvider: cacheOf(store),
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

function cacheOf(store: SamlStateStore): CacheProvider {
  return {
    async saveAsync(key, value) {
      await store.rememberRequest(key, REQUEST_TTL_SECONDS);
      return { value, createdAt: Date.now() };
    },
    // node-saml reads the value as the request's creation time; the store already drops expired ones.
    async getAsync(key) {
      return (await store.requestIsPending(key)) ? new Date().toISOString() : null;
    },
    async removeAsync(key) {
      if (key) await store.forgetRequest(key);
      return key;
    },
  };
}

/** The IdP's address that starts a sign-in (HTTP-Redirect binding), the request remembered for its answer. */
export async function authnRequestUrl(
  partners: SamlPartners,
  store: SamlStateStore,
  relayState: string,
): Promise<string> {
  return samlOf(partners, store).getAuthorizeUrlAsync(relayState, undefined, {});
}

/** Validates a posted SAMLResponse (base64) and answers who signed in, or throws a SamlRefusal. */
export async function validateSamlResponse(
  partners: SamlPartners,
  store: SamlStateStore,
  samlResponse: string,
  now: () => Date = () => new Date(),
): Promise<SignedInIdentity> {
  const xml = decode(samlResponse);
  const response = parse(xml).documentElement;
  if (!response || response.localName !== 'Response') throw new SamlRefusal('malformed');
  if (!hasSignature(response))
    // A signature elsewhere (inside Extensions, an Object, a second assertion) signs something else.
    throw new SamlRefusal(response.getElementsByTagNameNS(DSIG, 'Signature').length ? 'wrapped' : 'unsigned');
  if (usesSha1(response)) throw new SamlRefusal('weak-signature');
  if (!response.getAttribute('InResponseTo')) throw new SamlRefusal('unknown-request', 'unsolicited');
  const responseIssuer = firstChild(response, 'Issuer')?.textContent?.trim();
  if (responseIssuer && responseIssuer !== partners.idpEntityId) throw new SamlRefusal('wrong-issuer');
  const destination = response.getAttribute('Destination');
  if (destination && destination !== partners.acsUrl) throw new SamlRefusal('wrong-destination');

  let profile: Profile | null;
  try {
    ({ profile } = await samlOf(partners, store).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    throw refusalOf(error);
  }
  if (!profile) throw new SamlRefusal('malformed');

  // Everything below reads the assertion the signature covers, never the document around it.
  const assertion = parse(profile.getAssertionXml?.() ?? '').documentElement;
  const assertionId = assertion?.getAttribute('ID');
  if (!assertion || !assertionId) throw new SamlRefusal('malformed');
  // node-saml checks the issuer of logout messages only.
  if (firstChild(assertion, 'Issuer')?.textContent?.trim() !== partners.idpEntityId)
    throw new SamlRefusal('wrong-issuer');
  for (const confirmation of elements(assertion, 'SubjectConfirmationData')) {
    const recipient = confirmation.getAttribute('Recipient');
    if (recipient && recipient !== partners.acsUrl) throw new SamlRefusal('wrong-destination');
  }
  const expiresAt = validUntil(assertion) ?? new Date(now().getTime() + DEFAULT_ASSERTION_LIFETIME_MS);
  // Kept past its end by the skew, since the window check accepts it that much longer.
  if (!(await store.useAssertionOnce(assertionId, new Date(expiresAt.getTime() + CLOCK_SKEW_MS))))
    throw new SamlRefusal('replayed');

  return {
    nameId: profile.nameID,
    nameIdFormat: profile.nameIDFormat,
    attributes: attributesOf(profile),
    assertionId,
    sessionIndex: profile.sessionIndex ?? null,
  };
}

function refusalOf(error: unknown): SamlRefusal {
  if (error instanceof SamlRefusal) return error;
  const message = error instanceof Error ? error.message : String(error);
  const is = (start: string) => message.startsWith(start);
  if (
    is('Invalid signature: multiple assertions') ||
    is('Invalid signature: ID cannot refer') ||
    is('Invalid signature: Referenced node') ||
    is('Cannot obtain assertion') ||
    is('Only 1 signed references') ||
    is('Too many signatures')
  )
    return new SamlRefusal('wrapped', message);
  if (is('Invalid signature') || is('Invalid document signature'))
    return new SamlRefusal('bad-signature', message);
  // With InResponseTo checked, a bearer confirmation past its time is reported this way.
  if (is('SAML assertion expired') || is('No valid subject confirmation'))
    return new SamlRefusal('expired', message);
  if (is('SAML assertion not yet valid')) return new SamlRefusal('not-yet-valid', message);
  if (
    is('SAML assertion audience') ||
    is('SAML assertion has no AudienceRestriction') ||
    is('SAML assertion AudienceRestriction')
  )
    return new SamlRefusal('wrong-audience', message);
  if (is('Unknown SAML issuer') || is('Missing SAML issuer')) return new SamlRefusal('wrong-issuer', message);
  if (is('InResponseTo') || is('SubjectInResponseTo')) return new SamlRefusal('unknown-request', message);
  if (is('SAML provider returned')) return new SamlRefusal('idp-error', message);
  return new SamlRefusal('malformed', message);
}

// SHA-1 signatures and digests can be forged with a chosen-prefix collision (SHAttered, 2017).
const SHA1_ALGORITHM = /[#-](?:rsa-|dsa-|ecdsa-|hmac-)?sha1$/i;

/** Whether any signature of the document signs or digests with SHA-1. */
function usesSha1(response: Element): boolean {
  for (const name of ['SignatureMethod', 'DigestMethod'])
    for (const method of Array.from(response.getElementsByTagNameNS(DSIG, name)))
      if (SHA1_ALGORITHM.test(method.getAttribute('Algorithm') ?? '')) return true;
  return false;
}

function decode(samlResponse: string): string {
  const compact = samlResponse.replace(/\s+/g, '');
  if (compact.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw new SamlRefusal('malformed');
  return Buffer.from(compact, 'base64').toString('utf8');
}

function parse(xml: string): Document {
  if (!xml.trim().startsWith('<')) throw new SamlRefusal('malformed');
  let failed = false;
  const fail = () => {
    failed = true;
  };
  const document = new DOMParser({
    errorHandler: { warning: () => undefined, error: fail, fatalError: fail },
  }).parseFromString(xml, 'text/xml') as unknown as Document;
  if (failed) throw new SamlRefusal('malformed');
  return document;
}

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';

/** A signature directly on the response or on one of its assertions (an unsigned message has neither). */
function hasSignature(response: Element): boolean {
  const children = (node: Element) =>
    Array.from(node.childNodes).filter((child): child is Element => child.nodeType === 1);
  const signed = (node: Element) =>
    children(node).some((child) => child.namespaceURI === DSIG && child.localName === 'Signature');
  return (
    signed(response) || children(response).some((child) => child.localName === 'Assertion' && signed(child))
  );
}

function firstChild(node: Element, localName: string): Element | undefined {
  return Array.from(node.childNodes).find(
    (child): child is Element => child.nodeType === 1 && (child as Element).localName === localName,
  );
}

function elements(root: Element, localName: string): Element[] {
  return Array.from(root.getElementsByTagNameNS('*', localName));
}

function validUntil(assertion: Element): Date | null {
  const ends = [...elements(assertion, 'Conditions'), ...elements(assertion, 'SubjectConfirmationData')]
    .map((node) => node.getAttribute('NotOnOrAfter'))
    .filter((value): value is string => Boolean(value))
    .map((value) => new Date(value))
    .filter((date) => !Number.isNaN(date.getTime()));
  return ends.length ? new Date(Math.max(...ends.map((date) => date.getTime()))) : null;
}

function attributesOf(profile: Profile): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [name, value] of Object.entries(profile.attributes ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') attributes[name] = first;
  }
  // node-saml also spreads attributes onto the profile itself; only the attribute map is read.
  return attributes;
}

/** A certificate as node-saml takes it: its base64 body, whatever PEM armour or spacing it came with. */
export function pemBody(certificate: string): string {
  return certificate
    .replace(/-----BEGIN CERTIFICATE-----/g, '')
    .replace(/-----END CERTIFICATE-----/g, '')
    .replace(/\s+/g, '');
}

/** Whether a text is an X.509 certificate (PEM or bare base64) that node:crypto can read. */
export function isCertificate(certificate: string): boolean {
  const body = pemBody(certificate);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return false;
  try {
    new X509Certificate(`-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Issuer a SAMLResponse claims, read without trusting it: only to choose which connector's
 * certificates to check it against. Null when it is not a readable response.
 */
export function claimedIssuer(samlResponse: string): string | null {
  try {
    const response = parse(decode(samlResponse)).documentElement;
    if (!response || response.localName !== 'Response') return null;
    const issuer =
      firstChild(response, 'Issuer') ??
      (firstChild(response, 'Assertion') && firstChild(firstChild(response, 'Assertion')!, 'Issuer'));
    return issuer?.textContent?.trim() || null;
  } catch {
    return null;
  }
}

/** Our service provider metadata, for the IdP administrator (Entra ID and Google both import it). */
export function serviceProviderMetadata(partners: SamlPartners, store: SamlStateStore): string {
  return samlOf(partners, store).generateServiceProviderMetadata(null, null);
}
