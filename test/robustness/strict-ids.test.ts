import { beforeAll, describe, expect, it } from 'vitest';
import { IdParam, IdText, MAX_ID } from '../../src/shared/contract/common';
import { operationsUnder, type ApiDocument } from '../support/api-document';
import { describeEachDatabase } from '../support/server-app';
import { ACCOUNTS, call, expectErrorShape, signIn } from '../support/server-factories';

/**
 * Issue 37, point 4: path ids went through Number(), so `0x10` acted on resource 16 and `1e3` on
 * resource 1000. An id is decimal digits only, within PostgreSQL's integer, through one schema.
 */
const NOT_IDS = [
  '0x10',
  '1e3',
  '0b1',
  '0o7',
  '+16',
  ' 16',
  '16 ',
  '016',
  '16.0',
  '1_6',
  'Infinity',
  '0',
  '-1',
];

describe('the id schema', () => {
  it('reads decimal digits only', () => {
    expect(IdText.parse('16')).toBe(16);
    expect(IdText.parse(String(MAX_ID))).toBe(MAX_ID);
    for (const text of [...NOT_IDS, String(MAX_ID + 1), '99999999999'])
      expect(IdText.safeParse(text).success, text).toBe(false);
    expect(IdParam.safeParse({ id: '0x10' }).success).toBe(false);
  });
});

describeEachDatabase('strict ids', (server) => {
  let token: string;
  let document: ApiDocument;
  let resourceId: number;

  beforeAll(async () => {
    token = await signIn(server(), ACCOUNTS.acmeAdmin, 'acme');
    document = (await call(server(), 'GET', '/api/docs/json')).json<ApiDocument>();
    const listed = await call(server(), 'GET', '/api/company/v1/resources?per_page=1', {
      subdomain: 'acme',
      token,
    });
    resourceId = listed.json<{ data: Array<{ id: number }> }>().data[0]!.id;
  });

  it('refuses the resource’s id written in hexadecimal or with an exponent, and reads it in decimal', async () => {
    const hex = `0x${resourceId.toString(16)}`;
    for (const id of [hex, `${resourceId}e0`, `0${resourceId}`]) {
      const response = await call(server(), 'GET', `/api/company/v1/resources/${encodeURIComponent(id)}`, {
        subdomain: 'acme',
        token,
      });
      expect(Object.keys(expectErrorShape(response, 422).errors ?? {}), id).toEqual(['id']);
    }
    const decimal = await call(server(), 'GET', `/api/company/v1/resources/${resourceId}`, {
      subdomain: 'acme',
      token,
    });
    expect(decimal.statusCode).toBe(200);
  });

  it('refuses a non-decimal id in every path parameter of every company route', async () => {
    const accepted: string[] = [];
    for (const operation of operationsUnder(document, '/api/company/v1/')) {
      for (const name of operation.params) {
        // Secrets and names in the path (codes, tokens, locales) are not ids.
        if (!/(^id$|Id$|_id$)/.test(name)) continue;
        const url = operation.path.replace(`{${name}}`, '0x1').replace(/\{\w+\}/g, '1');
        const response = await call(server(), operation.method, url, {
          subdomain: 'acme',
          token,
          ...(operation.body ? { body: {} } : {}),
        });
        if (response.statusCode !== 422 || !(name in (expectErrorShape(response).errors ?? {})))
          accepted.push(`${operation.method} ${url} → ${response.statusCode}`);
      }
    }
    expect(accepted).toEqual([]);
  }, 120_000);

  it('refuses a non-decimal id in a list filter', async () => {
    const response = await call(
      server(),
      'GET',
      '/api/company/v1/user-preferences/all?preference_category_ids=0x1',
      {
        subdomain: 'acme',
        token,
      },
    );
    expect(response.statusCode).toBe(422);
  });
});
