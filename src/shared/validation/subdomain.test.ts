import { describe, expect, it } from 'vitest';
import { subdomainProblem, SUBDOMAIN_MESSAGES } from './subdomain';

describe('subdomainProblem (a company host label)', () => {
  it.each([
    ['initech', null],
    ['a', null],
    ['acme-2', null],
    ['9lives', null],
    ['', 'This field is required.'],
    ['x'.repeat(64), SUBDOMAIN_MESSAGES.length],
    ['Initech', SUBDOMAIN_MESSAGES.characters],
    ['ini_tech', SUBDOMAIN_MESSAGES.characters],
    ['ini.tech', SUBDOMAIN_MESSAGES.characters],
    ['-initech', SUBDOMAIN_MESSAGES.edges],
    ['initech-', SUBDOMAIN_MESSAGES.edges],
    ['www', SUBDOMAIN_MESSAGES.reserved],
    ['api', SUBDOMAIN_MESSAGES.reserved],
    ['dev-ui', SUBDOMAIN_MESSAGES.reserved],
    ['qa', SUBDOMAIN_MESSAGES.reserved],
    ['staging', SUBDOMAIN_MESSAGES.reserved],
    ['preprod', SUBDOMAIN_MESSAGES.reserved],
  ])('%j → %j', (value, problem) => {
    expect(subdomainProblem(value)).toBe(problem);
  });
});
