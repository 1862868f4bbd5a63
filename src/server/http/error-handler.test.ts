import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../../test/support/server-app';
import { expectErrorShape } from '../../../test/support/server-factories';
import type { Db } from '../db/connection';
import { registerErrorHandling } from './error-handler';

// A value the database itself refuses (SQLSTATE class 22), for when a contract missed a bound.
for (const kind of testDatabases()) {
  describe(`the error handler on a value the database refuses (${kind})`, () => {
    let db: Db;
    let app: FastifyInstance;
    beforeAll(async () => {
      db = await openTestDatabase(kind, true);
      app = Fastify({ logger: false });
      registerErrorHandling(app);
      app.get<{ Querystring: { value: string } }>('/cast', async (request) => {
        const { rows } = await sql<{
          value: number;
        }>`select ${request.query.value}::integer as value`.execute(db.kysely);
        return rows[0];
      });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await db.close();
    });

    it('answers 422 in the error shape to a number beyond the column’s range, not a 500', async () => {
      const response = await app.inject({ method: 'GET', url: '/cast?value=3000000000' });
      expect(expectErrorShape(response, 422).message).toBe('The given data was invalid.');
    });

    it('answers 422 to text where a number belongs', async () => {
      const response = await app.inject({ method: 'GET', url: '/cast?value=abc' });
      expectErrorShape(response, 422);
    });

    it('answers a value in range', async () => {
      const response = await app.inject({ method: 'GET', url: '/cast?value=2147483647' });
      expect(response.json()).toEqual({ value: 2147483647 });
    });
  });
}
