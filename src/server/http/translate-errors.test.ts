import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, freshIp, signIn } from '../../../test/support/server-factories';

const LOGIN = '/api/company/v1/auth/login';

describeEachDatabase('error answers in the request’s language (spec §7 lang)', (server) => {
  const wrongPassword = (query: string) =>
    call(server(), 'POST', `${LOGIN}${query}`, {
      subdomain: 'acme',
      body: { email: ACCOUNTS.employee, password: 'wrong-password' },
      ip: freshIp(),
    });

  it('says a refused sign-in in German, French and Italian, and in English without lang or with en', async () => {
    expect(expectErrorShape(await wrongPassword('?lang=de'), 401).message).toBe(
      'Diese Anmeldedaten stimmen nicht mit unseren Daten überein.',
    );
    expect(expectErrorShape(await wrongPassword('?lang=fr-CH'), 401).message).toBe(
      'Ces identifiants ne correspondent à aucun compte.',
    );
    expect(expectErrorShape(await wrongPassword('?lang=it'), 401).message).toBe(
      'Queste credenziali non corrispondono ai nostri dati.',
    );
    for (const query of ['', '?lang=en', '?lang=xx']) {
      expect(expectErrorShape(await wrongPassword(query), 401).message).toBe(
        'These credentials do not match our records.',
      );
    }
  });

  it('says field errors in the language with their values filled, keeping the error shape', async () => {
    const token = await signIn(server(), ACCOUNTS.employee);
    const response = await call(server(), 'POST', '/api/company/v1/profile/change-password?lang=fr', {
      subdomain: 'acme',
      token,
      body: { current_password: '', password: 'short', password_confirmation: 'other' },
    });
    const body = expectErrorShape(response, 422);
    expect(body.message).toBe('Les données fournies ne sont pas valides.');
    const all = Object.values(body.errors ?? {}).flat();
    expect(all).toContain('Ce champ est obligatoire.');
    expect(all.some((message) => /au moins \d+ caractères/.test(message))).toBe(true);
    expect(all.join(' ')).not.toMatch(/This field|characters/);
  });
});
