import { z } from 'zod';
import type { COMPANY_PREFIX, MASTER_PREFIX } from './common';

/**
 * spec §2: a route's help is looked up by its path with numeric segments removed
 * (/level/12/edit → /level/edit). Help pages are written per language in the master area.
 */
export const HelpPage = z.object({
  id: z.number().int(),
  path: z.string(),
  title: z.string(),
  html: z.string(), // sanitised on write; rendered as HTML
});
export type HelpPage = z.infer<typeof HelpPage>;

export const HelpLookupQuery = z.object({
  path: z.string().min(1).max(512),
  lang: z.string().max(16).optional(),
});

export const HelpIndexEntry = HelpPage.pick({ id: true, path: true, title: true });
export type HelpIndexEntry = z.infer<typeof HelpIndexEntry>;
export const HelpIndexResponse = z.object({ data: z.array(HelpIndexEntry) });

export const helpPaths = (prefix: typeof COMPANY_PREFIX | typeof MASTER_PREFIX) => ({
  lookup: `${prefix}/help-pages/lookup`, // ?path=/levels → HelpPage, or 404 when none
  index: `${prefix}/help-pages/index`, // titles and paths in the user's language
});

/** The help lookup key of a route path: numeric segments dropped, lower case, no trailing slash. */
export function helpPathOf(routePath: string): string {
  const segments = routePath
    .split('?')[0]!
    .split('/')
    .filter((segment) => segment !== '' && !/^\d+$/.test(segment));
  return ('/' + segments.join('/')).toLowerCase();
}

/** The stylesheet, public on both hosts like the help lookup (help shows before sign-in too). */
export const helpCssPath = (prefix: typeof COMPANY_PREFIX | typeof MASTER_PREFIX) =>
  `${prefix}/help-pages/css`;
