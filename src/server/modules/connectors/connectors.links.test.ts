import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { call, expectErrorShape } from '../../../../test/support/server-factories';
import type { CalendarConnector, LinkedUser, OwnCalendarLink } from '../../../shared/contract/connectors';
import { api, BASE, calendarHelpers, CALENDARS, connectorActors, outlookFields } from './connectors.fixtures';

describeEachDatabase(
  'connectors',
  (server) => {
    let admin: string;
    let employee: string;
    let acmeId: number;
    const http = api(server);
    const { createOutlook } = calendarHelpers(
      server,
      () => admin,
      () => acmeId,
    );

    beforeAll(async () => {
      ({ admin, employee, acmeId } = await connectorActors(server()));
    });

    describe('a user links their own calendar (profile sync-with-outlook)', () => {
      let tokenServer: Server;
      let tokenBase: string;
      const exchanges: URLSearchParams[] = [];
      beforeAll(async () => {
        tokenServer = createServer((request, response) => {
          let body = '';
          request.on('data', (chunk: Buffer) => (body += chunk.toString()));
          request.on('end', () => {
            const form = new URLSearchParams(body);
            exchanges.push(form);
            if (form.get('code') !== 'good-code') {
              response.writeHead(400, { 'content-type': 'application/json' });
              return response.end(JSON.stringify({ error: 'invalid_grant' }));
            }
            const idToken = `e30.${Buffer.from(JSON.stringify({ email: 'employee@contoso.example' })).toString('base64url')}.sig`;
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(
              JSON.stringify({ access_token: 'at', refresh_token: 'user-refresh-token', id_token: idToken }),
            );
          });
        });
        await new Promise<void>((resolve) => tokenServer.listen(0, '127.0.0.1', resolve));
        tokenBase = `http://127.0.0.1:${(tokenServer.address() as AddressInfo).port}`;
      });
      afterAll(() => new Promise<void>((resolve) => tokenServer.close(() => resolve())));

      const OWN = '/api/company/v1/users/calendar-links/outlook';
      const AUTH_URL = '/api/company/v1/users/calendar-auth-url/outlook';

      it('builds the consent URL from the connector, completes the link in the callback, and spends the state', async () => {
        // no active Google connector: linking Google is not available
        const google = (
          await http.get(employee, '/api/company/v1/users/calendar-links/google')
        ).json<OwnCalendarLink>();
        expect(google).toMatchObject({ available: false, status: 'none' });
        expectErrorShape(await http.get(employee, '/api/company/v1/users/calendar-auth-url/google'), 409);

        const connectors = (await http.get(admin, CALENDARS)).json<{ data: CalendarConnector[] }>().data;
        for (const other of connectors.filter((c) => c.provider === 'outlook'))
          await http.put(admin, `${CALENDARS}/${other.id}`, { is_active: false });
        const connector = await createOutlook('Link', { ...outlookFields, login_url: tokenBase });

        const answer = await http.get(employee, AUTH_URL);
        expect(answer.statusCode, answer.body).toBe(200);
        const url = new URL(answer.json<{ url: string }>().url);
        expect(`${url.origin}${url.pathname}`).toBe(`${tokenBase}/contoso-tenant/oauth2/v2.0/authorize`);
        expect(url.searchParams.get('client_id')).toBe('app-client-id');
        expect(url.searchParams.get('redirect_uri')).toMatch(/\/api\/connectors\/oauth\/outlook\/callback$/);
        expect(url.searchParams.get('scope')).toContain('Calendars.ReadWrite');
        expect(url.toString()).not.toContain('very-secret-value');
        const state = url.searchParams.get('state')!;
        expect((await http.get(employee, OWN)).json<OwnCalendarLink>().status).toBe('pending');

        const callback = await call(
          server(),
          'GET',
          `/api/connectors/oauth/outlook/callback?code=good-code&state=${encodeURIComponent(state)}`,
        );
        expect(callback.statusCode, callback.body).toBe(303);
        expect(callback.headers.location).toMatch(
          /^http:\/\/acme\.[^/]+\/profile\/sync-with-outlook\?result=linked$/,
        );
        expect(exchanges.at(-1)!.get('client_secret')).toBe('very-secret-value');
        expect(exchanges.at(-1)!.get('grant_type')).toBe('authorization_code');

        expect((await http.get(employee, OWN)).json<OwnCalendarLink>()).toMatchObject({
          status: 'linked',
          account_email: 'employee@contoso.example',
        });
        const linked = (await http.get(admin, `${BASE}/linked-users?calendar_id=${connector.id}`)).json<{
          data: LinkedUser[];
        }>();
        expect(linked.data).toEqual([
          expect.objectContaining({ provider: 'outlook', account_email: 'employee@contoso.example' }),
        ]);
        expect(JSON.stringify(linked)).not.toContain('user-refresh-token');

        // the same callback address a second time is refused (single-use state)
        const replay = await call(
          server(),
          'GET',
          `/api/connectors/oauth/outlook/callback?code=good-code&state=${encodeURIComponent(state)}`,
        );
        expect(replay.headers.location).toContain('result=refused');

        // an administrator removes the link; the user sees it gone
        expect((await http.remove(admin, `${BASE}/linked-users/${linked.data[0]!.id}`)).statusCode).toBe(200);
        expect((await http.get(employee, OWN)).json<OwnCalendarLink>().status).toBe('none');
      });

      it('refuses a callback whose code the provider does not accept, and drops the pending link', async () => {
        const url = new URL((await http.get(employee, AUTH_URL)).json<{ url: string }>().url);
        const callback = await call(
          server(),
          'GET',
          `/api/connectors/oauth/outlook/callback?code=bad&state=${encodeURIComponent(url.searchParams.get('state')!)}`,
        );
        expect(callback.headers.location).toContain('result=refused');
        expect((await http.get(employee, OWN)).json<OwnCalendarLink>().status).toBe('none');
      });

      it('refuses a forged state', async () => {
        const callback = await call(
          server(),
          'GET',
          `/api/connectors/oauth/outlook/callback?code=good-code&state=${acmeId}.forged`,
        );
        expect(callback.statusCode).toBe(303);
        expect(callback.headers.location).toContain('result=refused');
      });

      it('refuses a state naming a company id past the database integer with the same redirect', async () => {
        const callback = await call(
          server(),
          'GET',
          `/api/connectors/oauth/google/callback?code=good-code&state=99999999999.forged`,
        );
        expect(callback.statusCode, callback.body).toBe(303);
        expect(callback.headers.location).toContain('result=refused');
      });
    });
  },
  { config: { allowPrivateConnectorUrls: true } },
);
