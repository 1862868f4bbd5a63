import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { COMPANY_PREFIX, MASTER_PREFIX } from '../../shared/contract/common';
import { SUBDOMAIN_PATTERN } from '../../shared/tenancy/subdomain';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';

export interface TenantCompany {
  id: number;
  subdomain: string;
  name: string;
  country_id: number;
  language_id: number;
  timezone: string;
  currency_id: number;
  data_region_id: number;
  company_type_id: number;
}

/** Which side of the API a request is on: one company (from its Subdomain header) or the master area. */
export type Tenant = { area: 'company'; company: TenantCompany } | { area: 'master' };

export type Area = Tenant['area'];

export function areaOfUrl(url: string): Area | null {
  if (url.startsWith(`${COMPANY_PREFIX}/`)) return 'company';
  if (url.startsWith(`${MASTER_PREFIX}/`)) return 'master';
  return null;
}

/** The subdomain a request names (ARCHITECTURE.md: the `Subdomain` header), lower case, or null. */
export function requestedSubdomain(request: FastifyRequest): string | null {
  const header = request.headers['subdomain'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  return value ? value : null;
}

export const COMPANY_COLUMNS = [
  'companies.id',
  'companies.subdomain',
  'companies.name',
  'companies.country_id',
  'companies.language_id',
  'companies.timezone',
  'companies.currency_id',
  'companies.data_region_id',
  'companies.company_type_id',
] as const;

/** The subdomain of a company call; without one, or with one no company could have, "not found". */
export function companySubdomainOf(request: FastifyRequest): string {
  const subdomain = requestedSubdomain(request);
  if (!subdomain || !SUBDOMAIN_PATTERN.test(subdomain)) throw notFound('Company not found.');
  return subdomain;
}

/** Company calls need a Subdomain header naming an existing, not deleted company; anything else is "not found". */
export async function resolveTenant(
  db: Kysely<Database>,
  request: FastifyRequest,
  area: Area,
): Promise<Tenant> {
  if (area === 'master') return { area };
  const company = await db
    .selectFrom('companies')
    .select(COMPANY_COLUMNS)
    .where('subdomain', '=', companySubdomainOf(request))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!company) throw notFound('Company not found.');
  return { area, company };
}

/** The audience a token for this tenant carries: the company id, or 'master'. */
export function audienceOf(tenant: Tenant): string {
  return tenant.area === 'company' ? String(tenant.company.id) : 'master';
}
