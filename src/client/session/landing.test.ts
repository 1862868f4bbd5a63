import { describe, expect, it, vi } from 'vitest';
import { handoverUrl, landingRoute, masterAreaUrl, takeHandoverCode } from './landing';

const table = new Set(['r_home', 'r_outlook', 'r_plan']);
const exists = (name: string) => table.has(name);

describe('spec §4 landing after login', () => {
  it('goes to the Outlook page in add-in mode', () =>
    expect(landingRoute({ mode: 'addin', startupPage: 'PLAN', method: 'password', exists })).toBe(
      'r_outlook',
    ));
  it('treats the scheduler as home while it is not built', () =>
    expect(landingRoute({ mode: 'scheduler', startupPage: null, method: 'password', exists })).toBe(
      'r_home',
    ));
  it('opens the startup page when the table has it', () =>
    expect(landingRoute({ mode: 'browser', startupPage: 'PLAN', method: 'password', exists })).toBe(
      'r_plan',
    ));
  it('goes home when the startup page is not built', () =>
    expect(landingRoute({ mode: 'browser', startupPage: 'CLEAN', method: 'password', exists })).toBe(
      'r_home',
    ));
  it('goes home for an unknown startup key or none', () => {
    expect(landingRoute({ mode: 'browser', startupPage: 'NOPE', method: 'password', exists })).toBe('r_home');
    expect(landingRoute({ mode: 'browser', startupPage: null, method: 'password', exists })).toBe('r_home');
  });
  it('lands code logins on the profile, home while it is not built', () =>
    expect(landingRoute({ mode: 'browser', startupPage: 'PLAN', method: 'code', exists })).toBe('r_home'));
});

describe('spec §4 move to the company host', () => {
  it('puts the hand-over code, not a session token, in the address', () => {
    expect(
      handoverUrl(
        { protocol: 'http:', host: 'workplace.localhost:8080' },
        { subdomain: 'acme', handover_code: 'a b' },
      ),
    ).toBe('http://acme.workplace.localhost:8080/login?handover=a%20b');
  });

  it('removes the code from the address and keeps the rest', () => {
    const replace = vi.fn();
    expect(takeHandoverCode({ pathname: '/login', search: '?handover=xyz&x=1', hash: '' }, replace)).toBe(
      'xyz',
    );
    expect(replace).toHaveBeenCalledWith('/login?x=1');
  });

  it('leaves an address without a code alone', () => {
    const replace = vi.fn();
    expect(takeHandoverCode({ pathname: '/login', search: '', hash: '' }, replace)).toBeNull();
    expect(replace).not.toHaveBeenCalled();
  });
});

describe('the end of an impersonation', () => {
  it('returns from the company host to the master area’s companies', () => {
    expect(masterAreaUrl({ protocol: 'http:', host: 'acme.workplace.localhost:8080' })).toBe(
      'http://workplace.localhost:8080/cx-manage-companies',
    );
    expect(masterAreaUrl({ protocol: 'https:', host: 'acme.qa.example.com' })).toBe(
      'https://qa.example.com/cx-manage-companies',
    );
  });
});
