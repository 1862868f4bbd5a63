import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { call } from '../../../../test/support/server-factories';

describeEachDatabase('health and public reference data', (server) => {
  describe('GET /api/health', () => {
    it('answers ok and the kind of database', async () => {
      const response = await call(server(), 'GET', '/api/health');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: server().kind });
    });
  });

  describe('GET /api/master/v1/initial-data', () => {
    it('answers languages, countries, timezones and currencies without a session', async () => {
      const response = await call(server(), 'GET', '/api/master/v1/initial-data');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['countries', 'currencies', 'languages', 'timezones']);
      expect(body.languages.find((l: { code: string }) => l.code === 'de')).toMatchObject({
        locale: 'de-DE',
      });
      expect(body.timezones.length).toBeGreaterThanOrEqual(30);
      expect(body.timezones.find((t: { name: string }) => t.name === 'Asia/Kolkata').offset).toBe('+05:30');
    });
  });
});
