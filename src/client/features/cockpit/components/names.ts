import type { WidgetItem, WidgetType } from '../../../../shared/cockpit/widgets';
import type { useLabel } from '../../../i18n/i18n';

type T = ReturnType<typeof useLabel>;

/** A widget type's name in the reader's language. */
export function widgetName(t: T, type: WidgetType): string {
  switch (type) {
    case 'occupancy':
      return t('cockpit.widget-occupancy', 'Occupancy');
    case 'bookings':
      return t('cockpit.widget-bookings', 'Bookings');
    case 'visitors':
      return t('cockpit.widget-visitors', 'Visitors');
    case 'services':
      return t('cockpit.widget-services', 'Service orders');
  }
}

/** An item's name in the reader's language. */
export function itemName(t: T, item: WidgetItem): string {
  switch (item) {
    case 'today':
      return t('cockpit.item-today', 'Occupancy today');
    case 'week':
      return t('cockpit.item-week', 'Occupancy this week');
    case 'bookings_today':
      return t('cockpit.item-bookings-today', 'Bookings today');
    case 'check_in_rate':
      return t('cockpit.item-check-in-rate', 'Check-in rate');
    case 'no_shows':
      return t('cockpit.item-no-shows', 'No-shows today');
    case 'awaiting_approval':
      return t('cockpit.item-awaiting-approval', 'Bookings awaiting approval');
    case 'expected':
      return t('cockpit.item-expected', 'Visitors expected today');
    case 'arrived':
      return t('cockpit.item-arrived', 'Visitors on site');
    case 'checked_out':
      return t('cockpit.item-checked-out', 'Visitors gone today');
    case 'open_orders':
      return t('cockpit.item-open-orders', 'Open service orders');
  }
}

/** A service status's name (the services figure is split by status). */
export function statusName(t: T, key: string): string {
  switch (key) {
    case 'requested':
      return t('cockpit.status-requested', 'Requested');
    case 'confirmed':
      return t('cockpit.status-confirmed', 'Confirmed');
    default:
      return t('cockpit.status-in-preparation', 'In preparation');
  }
}
