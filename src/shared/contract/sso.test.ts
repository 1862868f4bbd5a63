import { describe, expect, it } from 'vitest';
import { CreateSsoBody, ssoDomainFor } from './sso';

describe('ssoDomainFor', () => {
  const domains = [{ domain: 'acme.test', login_url: '/api/sso/acme/1/login' }];

  it('finds the domain of an address, ignoring case and spaces', () => {
    expect(ssoDomainFor(' Employee@ACME.test ', domains)).toBe(domains[0]);
  });

  it('answers null for other domains, subdomains and what is not an address yet', () => {
    expect(ssoDomainFor('someone@globex.test', domains)).toBeNull();
    expect(ssoDomainFor('someone@sales.acme.test', domains)).toBeNull();
    expect(ssoDomainFor('employee@', domains)).toBeNull();
    expect(ssoDomainFor('acme.test', domains)).toBeNull();
  });
});

describe('CreateSsoBody', () => {
  it('keeps domains in lower case without a leading @', () => {
    const body = CreateSsoBody.parse({
      provider: 'google',
      name: 'Google',
      idp_entity_id: 'https://accounts.google.com/o/saml2?idpid=X',
      sso_url: 'https://accounts.google.com/o/saml2/idp?idpid=X',
      idp_certificates: ['MIIB'],
      domains: ['@Acme.Test'],
    });
    expect(body.domains).toEqual(['acme.test']);
  });

  it('refuses an SSO address that is not http(s) with the spec default message', () => {
    const result = CreateSsoBody.safeParse({
      provider: 'azure',
      name: 'Entra',
      idp_entity_id: 'x',
      sso_url: 'ftp://idp.example',
      idp_certificates: ['MIIB'],
      domains: ['acme.test'],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Sso url is not valid.');
  });
});
