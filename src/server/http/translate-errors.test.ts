import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/support/server-app';
import { ACCOUNTS, call, expectErrorShape, freshIp, signIn } from '../../../test/support/server-factories';
import {
  api,
  dayAhead,
  DECLARATIONS,
  givenFloor,
  slot,
  type Floor,
} from '../modules/declarations/declarations.fixtures';

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

  describe('the server’s refusals (messages.server.*)', () => {
    let admin: string;
    let employee: string;
    let floor: Floor;
    const http = api(server);

    beforeAll(async () => {
      admin = await signIn(server(), ACCOUNTS.acmeAdmin);
      employee = await signIn(server(), ACCOUNTS.employee);
      floor = await givenFloor(server());
    });

    it('says a missing booking (404) in German', async () => {
      const response = await http.get(employee, `${DECLARATIONS}/999999999?lang=de`);
      expect(expectErrorShape(response, 404).message).toBe('Buchung nicht gefunden.');
    });

    it('says a taken slot (409) in German with the resource and times filled in', async () => {
      const desk = await floor.resource('Desk Lang 1');
      const date = dayAhead(3);
      await http.bookOk(admin, { resource_id: desk, slots: [slot(date, 9)] });
      const response = await call(server(), 'POST', `${DECLARATIONS}?lang=de`, {
        subdomain: 'acme',
        token: employee,
        body: { resource_id: desk, slots: [slot(date, 9)] },
      });
      expect(expectErrorShape(response, 409).message).toBe(
        'Desk Lang 1 ist von 09:00 bis 10:00 bereits gebucht.',
      );
    });

    it('says a booking rule’s field error (422) in German', async () => {
      const desk = await floor.resource('Desk Lang 2');
      const date = dayAhead(4);
      const response = await call(server(), 'POST', `${DECLARATIONS}?lang=de`, {
        subdomain: 'acme',
        token: employee,
        body: { resource_id: desk, slots: [slot(date, 9, 11), slot(date, 10, 12)] },
      });
      const body = expectErrorShape(response, 422);
      expect(Object.values(body.errors ?? {}).flat()).toContain('Die Zeitfenster überschneiden sich.');
    });

    it('says a refusal without lang in English', async () => {
      const response = await http.get(employee, `${DECLARATIONS}/999999999`);
      expect(expectErrorShape(response, 404).message).toBe('Booking not found.');
    });
  });
});
