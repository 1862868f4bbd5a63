import type { PermissionRequirement } from '../permissions';

/**
 * The cockpit's widget types (spec §3 "Cockpit widget: id, type, is_active, items (id, order).
 * Widget type: is_active") and the items each one can show, in their default order. Both sides read
 * this one table: the server to check a body and to know what to compute, the screens to name things.
 */
export const WIDGET_TYPES = ['occupancy', 'bookings', 'visitors', 'services'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

export const WIDGET_ITEMS = {
  occupancy: ['today', 'week'],
  bookings: ['bookings_today', 'check_in_rate', 'no_shows', 'awaiting_approval'],
  visitors: ['expected', 'arrived', 'checked_out'],
  services: ['open_orders'],
} as const satisfies Record<WidgetType, readonly string[]>;
export type WidgetItem = (typeof WIDGET_ITEMS)[WidgetType][number];

export const isWidgetItem = (type: WidgetType, item: string): item is WidgetItem =>
  (WIDGET_ITEMS[type] as readonly string[]).includes(item);

/**
 * What a widget type needs beyond COCKPIT: the permission of the screens its figures explain. The
 * visitors widget is also open to the people a reception-desk container lets read visitors
 * (RECEPTION_DESK_VISITORS, which the server adds to the general permissions it hands the client).
 */
export const WIDGET_PERMISSION: Record<WidgetType, PermissionRequirement> = {
  occupancy: ['REPORTS_BOOKINGS', ['BOOKINGS', 'read']],
  bookings: [['BOOKINGS', 'read']],
  visitors: [
    ['VISITOR_MANAGEMENT', 'read'],
    ['RECEPTION_DESK_VISITORS', 'read'],
  ],
  services: [['SERVICES', 'read']],
};

/**
 * spec §2 /cockpit settings has two sub-screens: `bookings` chooses the items of the booking
 * widgets (occupancy and bookings), `visitor-management` those of the visitors widget. The services
 * widget has a single item, so nothing to choose.
 */
export const SETTINGS_AREAS = {
  bookings: ['occupancy', 'bookings'],
  'visitor-management': ['visitors'],
} as const satisfies Record<string, readonly WidgetType[]>;
export type SettingsArea = keyof typeof SETTINGS_AREAS;

/** Figures shown as a share (0–100) rather than a count. */
export const PERCENT_ITEMS: ReadonlySet<WidgetItem> = new Set<WidgetItem>(['today', 'week', 'check_in_rate']);
