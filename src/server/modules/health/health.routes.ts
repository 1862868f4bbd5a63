import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { API_PREFIX, HealthBody } from '../../../shared/contract/common';
import type { AppDeps } from '../../context';
import { HttpError } from '../../http/errors';
import { ERROR_RESPONSES } from '../../http/schemas';

export function registerHealthRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${API_PREFIX}/health`,
    { schema: { tags: ['health'], response: { 200: HealthBody, ...ERROR_RESPONSES } } },
    async () => {
      try {
        await sql`select 1`.execute(deps.db.kysely);
      } catch {
        throw new HttpError(503, 'The database is unavailable.');
      }
      return { status: 'ok' as const, database: deps.db.kind };
    },
  );
}
