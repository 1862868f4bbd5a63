import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignedXml } from 'xml-crypto';

/**
 * SAMLResponses as an identity provider would post them, signed at test time with a key made for
 * the test, and the tampered variants each refusal test needs (unsigned, signed by another key,
 * wrong audience, expired, wrapped).
 */

export interface SigningPair {
  key: string;
  cert: string;
}

/** A fresh RSA key and a self-signed certificate for it (openssl, as an IdP administrator would make one). */
export function generateSigningPair(commonName = 'test-idp'): SigningPair {
  const dir = mkdtempSync(join(tmpdir(), 'saml-key-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-sha256',
        '-days',
        '2',
        '-subj',
        `/CN=${commonName}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface AssertionOptions {
  idpEntityId: string;
  /** the audience the assertion names */
  audience: string;
  acsUrl: string;
  email: string;
  attributes?: Record<string, string>;
  /** validity window; by default from a minute ago to five minutes ahead */
  notBefore?: Date;
  notOnOrAfter?: Date;
  inResponseTo?: string;
  assertionId?: string;
  responseId?: string;
  /** Destination of the response; by default the ACS URL */
  destination?: string;
}

const SAMLP = 'urn:oasis:names:tc:SAML:2.0:protocol';
const SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function assertionXml(options: AssertionOptions): string {
  const now = Date.now();
  const issued = new Date(now).toISOString();
  const notBefore = (options.notBefore ?? new Date(now - 60_000)).toISOString();
  const notOnOrAfter = (options.notOnOrAfter ?? new Date(now + 5 * 60_000)).toISOString();
  const inResponseTo = options.inResponseTo ? ` InResponseTo="${escape(options.inResponseTo)}"` : '';
  const attributes = Object.entries(options.attributes ?? {})
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${escape(name)}"><saml:AttributeValue>${escape(value)}</saml:AttributeValue></saml:Attribute>`,
    )
    .join('');
  return (
    `<saml:Assertion xmlns:saml="${SAML}" ID="${options.assertionId ?? `_a${randomUUID()}`}" Version="2.0" IssueInstant="${issued}">` +
    `<saml:Issuer>${escape(options.idpEntityId)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escape(options.email)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter}" Recipient="${escape(options.acsUrl)}"${inResponseTo}/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}">` +
    `<saml:AudienceRestriction><saml:Audience>${escape(options.audience)}</saml:Audience></saml:AudienceRestriction>` +
    `</saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${issued}" SessionIndex="_s${randomUUID()}">` +
    `<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext>` +
    `</saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
    `</saml:Assertion>`
  );
}

export function responseXml(options: AssertionOptions, assertion = assertionXml(options)): string {
  const inResponseTo = options.inResponseTo ? ` InResponseTo="${escape(options.inResponseTo)}"` : '';
  return (
    `<samlp:Response xmlns:samlp="${SAMLP}" xmlns:saml="${SAML}" ID="${options.responseId ?? `_r${randomUUID()}`}" Version="2.0" ` +
    `IssueInstant="${new Date().toISOString()}" Destination="${escape(options.destination ?? options.acsUrl)}"${inResponseTo}>` +
    `<saml:Issuer>${escape(options.idpEntityId)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    assertion +
    `</samlp:Response>`
  );
}

/** Signs the element named by localName (Assertion or Response), the signature placed after its Issuer. */
function sign(
  xml: string,
  localName: 'Assertion' | 'Response',
  pair: SigningPair,
  hash: 'sha256' | 'sha1' = 'sha256',
): string {
  const signer = new SignedXml({
    privateKey: pair.key,
    publicCert: pair.cert,
    signatureAlgorithm:
      hash === 'sha1'
        ? 'http://www.w3.org/2000/09/xmldsig#rsa-sha1'
        : 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  const element = `//*[local-name(.)='${localName}']`;
  signer.addReference({
    xpath: element,
    digestAlgorithm:
      hash === 'sha1' ? 'http://www.w3.org/2000/09/xmldsig#sha1' : 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
  });
  signer.computeSignature(xml, {
    location: { reference: `${element}/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return signer.getSignedXml();
}

/** A response whose assertion is signed (what Entra ID sends by default). */
export function signedAssertionResponse(options: AssertionOptions, pair: SigningPair): string {
  return responseXml(options, sign(assertionXml(options), 'Assertion', pair));
}

/** A response whose assertion is signed with RSA-SHA1 and a SHA-1 digest (older ADFS set-ups). */
export function sha1SignedAssertionResponse(options: AssertionOptions, pair: SigningPair): string {
  return responseXml(options, sign(assertionXml(options), 'Assertion', pair, 'sha1'));
}

/** A response signed as a whole (the assertion inside unsigned). */
export function signedResponse(options: AssertionOptions, pair: SigningPair): string {
  return sign(responseXml(options), 'Response', pair);
}

export function unsignedResponse(options: AssertionOptions): string {
  return responseXml(options);
}

/**
 * XML signature wrapping: the genuinely signed assertion is moved into an Extensions element and a
 * forged, unsigned assertion for another person takes its place, so a validator that checks "some
 * signature is valid" and then reads "the assertion" would sign in the forger's victim.
 */
export function wrappedResponse(options: AssertionOptions, pair: SigningPair, forgedEmail: string): string {
  const genuine = sign(assertionXml(options), 'Assertion', pair);
  const forged = assertionXml({ ...options, email: forgedEmail, assertionId: `_f${randomUUID()}` });
  const withForged = responseXml(options, forged);
  return withForged.replace(
    '<samlp:Status>',
    `<samlp:Extensions>${genuine}</samlp:Extensions><samlp:Status>`,
  );
}

/** A second wrapping: the forged assertion carries a copy of the genuine signature (same ID). */
export function wrappedWithCopiedSignature(
  options: AssertionOptions,
  pair: SigningPair,
  forgedEmail: string,
): string {
  const genuine = sign(assertionXml(options), 'Assertion', pair);
  const id = /ID="([^"]+)"/.exec(genuine)![1]!;
  const signature = /<Signature[\s\S]*<\/Signature>/.exec(genuine)![0];
  const forged = assertionXml({ ...options, email: forgedEmail, assertionId: id }).replace(
    '</saml:Issuer>',
    `</saml:Issuer>${signature}`,
  );
  return responseXml(options, genuine + forged);
}

export const toBase64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
