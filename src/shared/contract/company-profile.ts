import { z } from 'zod';
import { requiredText } from '../validation/schemas';
import { COMPANY_PREFIX } from './common';
import { PositiveId } from './ids';

/**
 * spec §2 /company-profile (COMPANY_PROFILE read; changes need update): the company's name and its
 * country, language, currency and timezone, each chosen in a picker. The subdomain is shown, never
 * changed here (it is the company's address; the master area owns it).
 */
export const CompanyProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  subdomain: z.string(),
  country_id: z.number().int(),
  language_id: z.number().int(),
  currency_id: z.number().int(),
  timezone: z.string(),
});
export type CompanyProfile = z.infer<typeof CompanyProfile>;

export const UpdateCompanyProfileBody = z
  .strictObject({
    name: requiredText(120),
    country_id: PositiveId,
    language_id: PositiveId,
    currency_id: PositiveId,
    timezone: requiredText(64),
  })
  .partial();
export type UpdateCompanyProfileBody = z.infer<typeof UpdateCompanyProfileBody>;

export const companyProfilePath = `${COMPANY_PREFIX}/company-profile`;
