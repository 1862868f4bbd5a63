import type { CompanyProfile, UpdateCompanyProfileBody } from '../../../shared/contract/company-profile';
import { notValid, type FieldErrors } from '../../../shared/validation';
import type { ServiceContext } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import type { ReferenceData } from '../../reference';
import { findCompanyProfile, updateCompanyProfileRow } from './company-profile.queries';

export async function getCompanyProfile(ctx: ServiceContext): Promise<CompanyProfile> {
  const profile = await findCompanyProfile(ctx.db, ctx.companyId);
  if (!profile) throw notFound();
  return profile;
}

/** Changes the name or defaults; every id must name an existing reference row, else 422 and no change. */
export async function updateCompanyProfile(
  ctx: ServiceContext,
  reference: ReferenceData,
  change: UpdateCompanyProfileBody,
): Promise<CompanyProfile> {
  const lists = await reference.referenceLists();
  const errors: FieldErrors = {};
  const known = {
    country_id: lists.countries.some((country) => country.id === change.country_id),
    language_id: lists.languages.some((language) => language.id === change.language_id),
    currency_id: lists.currencies.some((currency) => currency.id === change.currency_id),
    timezone: lists.timezones.some((timezone) => timezone.name === change.timezone),
  };
  for (const field of Object.keys(known) as (keyof typeof known)[]) {
    if (change[field] !== undefined && !known[field]) errors[field] = [notValid(field)];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const updated = await updateCompanyProfileRow(ctx.db, ctx.companyId, {
    ...change,
    ...(change.name !== undefined ? { name: change.name.trim() } : {}),
  });
  if (!updated) throw notFound();
  return updated;
}
