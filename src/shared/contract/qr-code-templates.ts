import { z } from 'zod';
import { requiredText } from '../validation/schemas';
import { COMPANY_PREFIX, paginated } from './common';

/**
 * spec §2 /qr-code-templates (QR_CODE), §7 QR templates: the layout of a sheet of QR labels. A
 * template is a sheet of sticky labels: its page, the label's size, the grid of labels per page,
 * and what each label prints beside its code (the resource's name, its level, its type, a caption).
 */

/**
 * Sheet sizes in millimetres. Label sheets run to the page's edge (3 × 8 labels of 70 × 37 mm fill
 * an A4), so the grid may take the whole page: each label keeps its print 3 mm inside its edge.
 */
export const PAGE_SIZES_MM = {
  A4: { width: 210, height: 297 },
  Letter: { width: 216, height: 279 },
} as const;
export type PageSize = keyof typeof PAGE_SIZES_MM;

export const LABELS_DO_NOT_FIT_ACROSS = 'The labels do not fit across the page.';
export const LABELS_DO_NOT_FIT_DOWN = 'The labels do not fit down the page.';
export const NOT_A_COLOUR = 'Choose a colour such as #1a2b3c.';

/** Whether a grid of labels fits the page inside its margins: the field to blame, or null. */
export function layoutProblem(layout: {
  page_size: PageSize;
  label_width_mm: number;
  label_height_mm: number;
  columns: number;
  rows: number;
}): { field: 'columns' | 'rows'; message: string } | null {
  const page = PAGE_SIZES_MM[layout.page_size];
  if (layout.columns * layout.label_width_mm > page.width)
    return { field: 'columns', message: LABELS_DO_NOT_FIT_ACROSS };
  if (layout.rows * layout.label_height_mm > page.height)
    return { field: 'rows', message: LABELS_DO_NOT_FIT_DOWN };
  return null;
}

const whole = (min: number, max: number) =>
  z
    .number({ message: 'Only numbers allowed.' })
    .int('Only numbers allowed.')
    .min(min, `The value must be between ${min} and ${max}.`)
    .max(max, `The value must be between ${min} and ${max}.`);

export const TEMPLATE_BOUNDS = {
  label_width_mm: [20, 200],
  label_height_mm: [20, 270],
  columns: [1, 8],
  rows: [1, 12],
} as const;

const TemplateFields = z.strictObject({
  name: requiredText(120),
  page_size: z.enum(['A4', 'Letter']),
  label_width_mm: whole(...TEMPLATE_BOUNDS.label_width_mm),
  label_height_mm: whole(...TEMPLATE_BOUNDS.label_height_mm),
  columns: whole(...TEMPLATE_BOUNDS.columns),
  rows: whole(...TEMPLATE_BOUNDS.rows),
  show_name: z.boolean(),
  show_level: z.boolean(),
  show_type: z.boolean(),
  caption: z.string().trim().max(60, 'The field must contain 60 or fewer characters.'),
  text_colour: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, NOT_A_COLOUR),
});

/** POST and PUT send the whole template; the grid must fit the page (422 at columns or rows). */
export const QrCodeTemplateBody = TemplateFields.superRefine((body, ctx) => {
  const problem = layoutProblem(body);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
});
export type QrCodeTemplateBody = z.infer<typeof QrCodeTemplateBody>;

export const QrCodeTemplate = TemplateFields.extend({
  id: z.number().int(),
  is_default: z.boolean(),
});
export type QrCodeTemplate = z.infer<typeof QrCodeTemplate>;

export const QrCodeTemplatePage = paginated(QrCodeTemplate);

/** What a new template starts as on the add screen: 3 × 8 labels of 70 × 36 mm, an A4 office sheet. */
export const NEW_TEMPLATE: QrCodeTemplateBody = {
  name: '',
  page_size: 'A4',
  label_width_mm: 70,
  label_height_mm: 36,
  columns: 3,
  rows: 8,
  show_name: true,
  show_level: true,
  show_type: false,
  caption: '',
  text_colour: '#000000',
};

export const qrCodeTemplatePaths = {
  list: `${COMPANY_PREFIX}/qr-code-templates`,
  one: `${COMPANY_PREFIX}/qr-code-templates/:id`,
  default: `${COMPANY_PREFIX}/qr-code-templates/:id/default`,
  of: (id: number) => `${COMPANY_PREFIX}/qr-code-templates/${id}`,
  defaultOf: (id: number) => `${COMPANY_PREFIX}/qr-code-templates/${id}/default`,
} as const;
