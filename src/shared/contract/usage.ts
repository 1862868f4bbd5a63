import { z } from 'zod';
import { MASTER_PREFIX } from './common';

/**
 * spec §2 /usage, §7 master usage: per company over a period, the people who signed in, the
 * bookings that start in it, and what the company holds now (resources, stored images).
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const UsageQuery = z
  .object({
    from: z.string().regex(DAY, 'Use a date such as 2026-01-31.').optional(),
    to: z.string().regex(DAY, 'Use a date such as 2026-01-31.').optional(),
    lang: z.string().max(16).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The end date must not be before the start date.',
    path: ['to'],
  });
export type UsageQuery = z.infer<typeof UsageQuery>;

export const CompanyUsage = z.object({
  company_id: z.number().int(),
  name: z.string(),
  subdomain: z.string(),
  active_users: z.number().int(),
  bookings: z.number().int(),
  resources: z.number().int(),
  storage_bytes: z.number().int(),
});
export type CompanyUsage = z.infer<typeof CompanyUsage>;
export const UsageReport = z.object({ from: z.string(), to: z.string(), data: z.array(CompanyUsage) });
export type UsageReport = z.infer<typeof UsageReport>;

export const usagePaths = { report: `${MASTER_PREFIX}/usage`, export: `${MASTER_PREFIX}/usage/export` };
