import { z } from 'zod';

/**
 * The master area's side of the help pages (spec §2 /help-pages, §7 master help pages and help css),
 * apart from contract/help.ts, which the shell's help child loads with the first download.
 */
/** spec §7 master help pages (paginated GET and CRUD by id): a path and its content per language. */
export const HelpPageTranslation = z.object({
  language_code: z.string(),
  title: z.string(),
  html: z.string(),
});
export const MasterHelpPage = z.object({
  id: z.number().int(),
  path: z.string(),
  translations: z.array(HelpPageTranslation),
});
export type MasterHelpPage = z.infer<typeof MasterHelpPage>;
export const MasterHelpPageList = z.object({
  data: z.array(
    z.object({ id: z.number().int(), path: z.string(), title: z.string(), languages: z.array(z.string()) }),
  ),
  meta: z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});
export type MasterHelpPageList = z.infer<typeof MasterHelpPageList>;

export const HELP_PATH_MESSAGE = 'Use a screen path such as /levels or /level/edit.';
export const HELP_HTML_MAX = 100_000;

/** The html is sanitised on write (shared/html/sanitize-help-html.ts); a language left out keeps no page. */
export const SaveHelpPageBody = z.strictObject({
  path: z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(200, 'The field must contain 200 or fewer characters.')
    .refine((value) => /^\/[a-z0-9/_-]*$/i.test(value), HELP_PATH_MESSAGE),
  translations: z
    .array(
      z.strictObject({
        language_code: z.string().min(2).max(3),
        title: z
          .string()
          .trim()
          .min(1, 'This field is required.')
          .max(200, 'The field must contain 200 or fewer characters.'),
        html: z.string().max(HELP_HTML_MAX, `The field must contain ${HELP_HTML_MAX} or fewer characters.`),
      }),
    )
    .min(1, 'This field is required.')
    .max(50),
});
export type SaveHelpPageBody = z.infer<typeof SaveHelpPageBody>;

export const HelpStylesheet = z.object({ css: z.string() });
export type HelpStylesheet = z.infer<typeof HelpStylesheet>;
export const HELP_CSS_MAX = 50_000;
export const SaveHelpStylesheetBody = z.strictObject({
  css: z.string().max(HELP_CSS_MAX, `The field must contain ${HELP_CSS_MAX} or fewer characters.`),
});

export const masterHelpPaths = {
  list: '/api/master/v1/help-pages',
  one: (id: number | string) => `/api/master/v1/help-pages/${id}`,
  css: '/api/master/v1/help-css/1',
};
