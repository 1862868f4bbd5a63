import type { QrCodeTemplateBody } from '../../../../shared/contract/qr-code-templates';
import { useLabel } from '../../../i18n/i18n';

/** "3 × 8 labels of 70 × 36 mm on A4": what a template prints, in a line. */
export function useLayoutSummary() {
  const t = useLabel();
  return (layout: Omit<QrCodeTemplateBody, 'name'>) =>
    t('qr-codes.templates.summary', '{columns} × {rows} labels of {width} × {height} mm on {page}', {
      columns: layout.columns,
      rows: layout.rows,
      width: layout.label_width_mm,
      height: layout.label_height_mm,
      page: layout.page_size,
    });
}
