import { describe, expect, it } from 'vitest';
import { companyHost, masterHostOf, subdomainFromHost } from './subdomain';

describe('spec §1: the company comes from the host', () => {
  it.each([
    ['workplace.localhost', null],
    ['workplace.localhost:8080', null],
    ['acme.workplace.localhost:8080', 'acme'],
    ['ACME.Workplace.localhost', 'acme'],
    ['acme.example.com', 'acme'],
    ['example.com', null],
    ['a.b.example.com', 'a.b'],
    ['acme.qa.example.com', 'acme'],
    ['acme.dev-ui.example.com', 'acme'],
    ['acme.staging.example.com', 'acme'],
    ['acme.api.example.com', 'acme'],
    ['acme.preprod.example.com', 'acme'],
    ['qa.example.com', null],
    ['acme.other.example.com', 'acme.other'],
    ['localhost', null],
    ['localhost:8080', null],
    ['127.0.0.1:8080', null],
    ['', null],
  ])('%s → %s', (host, expected) => {
    expect(subdomainFromHost(host)).toBe(expected);
  });

  it('builds and strips company hosts around the master host', () => {
    expect(companyHost('workplace.localhost:8080', 'acme')).toBe('acme.workplace.localhost:8080');
    expect(masterHostOf('acme.workplace.localhost:8080')).toBe('workplace.localhost:8080');
    expect(masterHostOf('workplace.localhost:8080')).toBe('workplace.localhost:8080');
  });
});
