import type { CreateCompanyBody, MasterCompany, UpdateCompanyBody } from '../../../shared/contract/companies';
import { notValid, type FieldErrors } from '../../../shared/validation';
import { SUBDOMAIN_MESSAGES } from '../../../shared/validation/subdomain';
import type { AppDeps, MasterContext } from '../../context';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { provisionCompanyDefaults } from '../../seed/company-defaults';
import { sendInvitation } from '../users';
import {
  defaultCurrencyId,
  findCompany,
  listCompanies,
  markDeleted,
  markRestored,
  missingReferences,
} from './companies.queries';

type Deps = Pick<AppDeps, 'codes' | 'mailer' | 'originOf' | 'config'>;

const DELETED = 'This company has been deleted. Restore it before changing it.';

export async function getCompany(ctx: MasterContext, id: number): Promise<MasterCompany> {
  const company = await findCompany(ctx.db, id);
  if (!company) throw notFound('Company not found.');
  return company;
}

export const allCompanies = async (ctx: MasterContext) => ({ data: await listCompanies(ctx.db) });

async function assertReferences(ctx: MasterContext, body: UpdateCompanyBody): Promise<void> {
  const missing = await missingReferences(ctx.db, body);
  if (missing.length === 0) return;
  const errors: FieldErrors = {};
  for (const field of missing) errors[field] = [notValid(field.replace(/_id$/, ''))];
  throw unprocessable(errors);
}

/**
 * Creates the company with everything it needs to work (company-defaults.ts), its first
 * administrator in the Administrators container, and queues the invitation mail, in one
 * transaction: a refusal leaves nothing behind.
 */
export async function createCompany(
  ctx: MasterContext,
  deps: Deps,
  body: CreateCompanyBody & { subdomain: string },
): Promise<MasterCompany> {
  await assertReferences(ctx, body);
  const taken = await ctx.db
    .selectFrom('companies')
    .select('id')
    .where('subdomain', '=', body.subdomain)
    .executeTakeFirst();
  if (taken) throw unprocessable({ subdomain: [SUBDOMAIN_MESSAGES.taken] });
  const adminEmail = body.admin_email.trim().toLowerCase();
  const id = await ctx.db.transaction().execute(async (tx) => {
    const company = await tx
      .insertInto('companies')
      .values({
        name: body.name.trim(),
        subdomain: body.subdomain,
        country_id: body.country_id,
        language_id: body.language_id,
        timezone: body.timezone,
        currency_id: body.currency_id ?? (await defaultCurrencyId(tx)),
        data_region_id: body.data_region_id,
        company_type_id: body.company_type_id,
      })
      .onConflict((oc) => oc.column('subdomain').doNothing())
      .returning(['id', 'subdomain', 'name'])
      .executeTakeFirst();
    // Two administrators racing for one subdomain: the second gets the field error, not a 500.
    if (!company) throw unprocessable({ subdomain: [SUBDOMAIN_MESSAGES.taken] });
    const containers = await provisionCompanyDefaults(tx, company.id);
    const admin = await tx
      .insertInto('users')
      .values({
        company_id: company.id,
        email: adminEmail,
        password_hash: null,
        first_name: body.admin_first_name?.trim() ?? '',
        last_name: body.admin_last_name?.trim() ?? '',
        language_id: body.language_id,
        country_id: body.country_id,
        timezone: body.timezone,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('user_container_members')
      .values({ company_id: company.id, container_id: containers.get('Administrator')!, user_id: admin.id })
      .execute();
    await sendInvitation(
      tx,
      deps,
      company,
      { id: admin.id, email: adminEmail, first_name: body.admin_first_name?.trim() ?? '' },
      null,
    );
    return company.id;
  });
  return getCompany(ctx, id);
}

export async function updateCompany(
  ctx: MasterContext,
  id: number,
  body: UpdateCompanyBody,
): Promise<MasterCompany> {
  const current = await getCompany(ctx, id);
  if (current.deleted_at) throw conflict(DELETED);
  await assertReferences(ctx, body);
  const change = { ...body, ...(body.name !== undefined ? { name: body.name.trim() } : {}) };
  if (Object.keys(change).length > 0)
    await ctx.db.updateTable('companies').set(change).where('id', '=', id).execute();
  return getCompany(ctx, id);
}

/** DELETE: soft, answered with the date the data will be purged. */
export async function deleteCompany(ctx: MasterContext, deps: Deps, id: number): Promise<MasterCompany> {
  await getCompany(ctx, id);
  await ctx.db.transaction().execute((tx) => markDeleted(tx, id, deps.config.companyPurgeDays));
  return getCompany(ctx, id);
}

/** Undoes a deletion while the grace period lasts; the company's users sign in again. */
export async function restoreCompany(ctx: MasterContext, id: number): Promise<MasterCompany> {
  await getCompany(ctx, id);
  if (!(await markRestored(ctx.db, id))) throw conflict('This company is not deleted.');
  return getCompany(ctx, id);
}
