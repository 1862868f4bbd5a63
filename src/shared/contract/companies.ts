import { z } from 'zod';
import { subdomainProblem } from '../validation/subdomain';
import { email, requiredText, text } from '../validation/schemas';
import { MASTER_PREFIX } from './common';
import { PositiveId } from './ids';

/**
 * spec §2 /cx-manage-companies and §7 master companies: the platform administrators' list of
 * customers. Creating one provisions it and invites its first administrator; deleting one stops its
 * hosts at once and purges its data after the platform's grace period.
 */
export const MasterCompany = z.object({
  id: z.number().int(),
  name: z.string(),
  subdomain: z.string(),
  country_id: z.number().int(),
  language_id: z.number().int(),
  timezone: z.string(),
  currency_id: z.number().int(),
  data_region_id: z.number().int(),
  company_type_id: z.number().int(),
  users_count: z.number().int(),
  created_at: z.string(),
  /** set while a deleted company waits for its purge */
  deleted_at: z.string().nullable(),
  purge_after: z.string().nullable(),
});
export type MasterCompany = z.infer<typeof MasterCompany>;

export const MasterCompanyList = z.object({ data: z.array(MasterCompany) });
export type MasterCompanyList = z.infer<typeof MasterCompanyList>;

const subdomain = () =>
  z
    .string()
    .max(255)
    .transform((value) => value.trim().toLowerCase())
    .superRefine((value, ctx) => {
      const problem = subdomainProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

const companyFields = {
  name: requiredText(120),
  country_id: PositiveId,
  language_id: PositiveId,
  timezone: requiredText(64),
  data_region_id: PositiveId,
  company_type_id: PositiveId,
  /** the company administrator may change it in the company profile; the platform default when left out */
  currency_id: PositiveId.optional(),
};

/** POST master companies: the company and its first administrator, who is invited by mail. */
export const CreateCompanyBody = z.strictObject({
  ...companyFields,
  subdomain: subdomain(),
  admin_email: email(),
  admin_first_name: text('', 80).optional(),
  admin_last_name: text('', 80).optional(),
});
export type CreateCompanyBody = z.input<typeof CreateCompanyBody>;

/** PUT master companies/{id}: the subdomain is the company's address and stays as it was created. */
export const UpdateCompanyBody = z.strictObject(companyFields).partial();
export type UpdateCompanyBody = z.infer<typeof UpdateCompanyBody>;

export const companyPaths = {
  all: `${MASTER_PREFIX}/companies/all`,
  list: `${MASTER_PREFIX}/companies`,
  one: (id: number | string) => `${MASTER_PREFIX}/companies/${id}`,
  restore: (id: number | string) => `${MASTER_PREFIX}/companies/${id}/restore`,
};
