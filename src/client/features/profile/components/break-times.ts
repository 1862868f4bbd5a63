import type { AssignmentBreak } from '../../../../shared/contract/profile';
import type { When } from '../../../i18n/format-when';
import { browserZone } from '../../resources/settings/availability';

/**
 * A break as the user reads it: from–to in their date and time formats, in the browser's zone (the
 * zone the break form's datetime-local inputs are read in).
 */
export function breakText(item: AssignmentBreak, when: When): string {
  return when.dateTimeRange(item.starts_at, item.ends_at, browserZone());
}
