import { z } from 'zod';
import { requiredText } from '../validation/schemas';
import { MASTER_PREFIX } from './common';

/**
 * spec §2 master area /cx-countries, /cx-data-regions and the other reference lists every company
 * picks from: countries, currencies, languages, data regions, company types. One shape per kind,
 * one set of calls for all: GET {kind}/all, POST {kind}, GET/PUT/DELETE {kind}/{id}. A row in use
 * (a company, user, level… points at it) cannot be deleted: 409 with the reason.
 */
export const REFERENCE_KINDS = [
  'countries',
  'currencies',
  'languages',
  'data-regions',
  'company-types',
] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

// One message per wrong code: the pattern bounds the length, so the text limit is only a backstop.
const code = (pattern: RegExp, message: string) =>
  requiredText(64).refine((value) => pattern.test(value.trim()), { message });

export const REFERENCE_BODIES = {
  countries: z.strictObject({
    code: code(/^[A-Z]{2}$/, 'Use the two capital letters of ISO 3166 (CH, FR).'),
    name: requiredText(120),
  }),
  currencies: z.strictObject({
    code: code(/^[A-Z]{3}$/, 'Use the three capital letters of ISO 4217 (CHF, EUR).'),
    name: requiredText(120),
    symbol: requiredText(8),
  }),
  languages: z.strictObject({
    code: code(/^[a-z]{2,3}$/, 'Use the two or three lower-case letters of ISO 639 (en, fr).'),
    locale: code(/^[a-z]{2,3}-[A-Z]{2}$/, 'Use a locale such as en-GB or fr-CH.'),
    name: requiredText(120),
  }),
  'data-regions': z.strictObject({
    code: code(/^[A-Z0-9-]{2,16}$/, 'Use capital letters, digits and hyphens (EU, US-EAST).'),
    name: requiredText(120),
  }),
  'company-types': z.strictObject({
    code: code(/^[A-Z0-9_]{2,32}$/, 'Use capital letters, digits and underscores (ENTERPRISE).'),
    name: requiredText(120),
  }),
} as const satisfies Record<ReferenceKind, z.ZodType>;

export const ReferenceRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  locale: z.string().optional(),
  symbol: z.string().optional(),
  /** how many records point at it; one in use cannot be deleted */
  in_use: z.number().int(),
});
export type ReferenceRow = z.infer<typeof ReferenceRow>;
export const ReferenceRowList = z.object({ data: z.array(ReferenceRow) });
export type ReferenceRowList = z.infer<typeof ReferenceRowList>;
export type ReferenceBody = { code: string; name: string; locale?: string; symbol?: string };

export const referencePaths = (kind: ReferenceKind) => ({
  all: `${MASTER_PREFIX}/${kind}/all`,
  list: `${MASTER_PREFIX}/${kind}`,
  one: (id: number | string) => `${MASTER_PREFIX}/${kind}/${id}`,
});
