import type { LabelFn } from '../../../i18n/i18n';
import type { MinuteSpan } from '../grid-geometry';

/** The labels every row and booking shows, looked up once; placeholders filled per row. */
export interface GridTexts {
  rowRole: string;
  /** 'Free time of {resource}' */
  row: string;
  /** '{title}, {time}, {before} min free before, {after} min free after' */
  booking: string;
  /** the title of a booking whose subject and host the user may not see */
  taken: string;
}

export const gridTexts = (t: LabelFn): GridTexts => ({
  rowRole: t('bookings.grid.row-role', 'booking row'),
  row: t('bookings.grid.row', 'Free time of {resource}'),
  booking: t('bookings.grid.booking', '{title}, {time}, {before} min free before, {after} min free after'),
  taken: t('bookings.grid.booked-title', 'Booked'),
});

/** The ids of the hints the grid renders once, which rows and bookings point to (aria-describedby). */
export const RESIZE_HINT = 'booking-grid-resize-hint';
export const ROW_HINT = 'booking-grid-row-hint';

export const describeSpan = (formatMinute: (minute: number) => string, span: MinuteSpan) =>
  `${formatMinute(span.start)} – ${formatMinute(span.end)}`;
