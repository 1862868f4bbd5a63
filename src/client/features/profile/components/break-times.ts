import type { AssignmentBreak } from '../../../../shared/contract/profile';
import { browserZone, formatInstant } from '../../resources/settings/availability';

/** A break as the user reads it: from–to in their date and time formats, in the browser's zone. */
export function breakText(item: AssignmentBreak, formats: { date_format: string; time_format: string }) {
  const zone = browserZone();
  const from = formatInstant(item.starts_at, zone, formats.date_format, formats.time_format);
  const to = formatInstant(item.ends_at, zone, formats.date_format, formats.time_format);
  return `${from} – ${to}`;
}
