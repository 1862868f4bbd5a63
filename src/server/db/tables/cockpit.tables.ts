import type { Serial } from './column-types';

/** The cockpit (0250): each user's widgets and the items each shows. */
export interface CockpitTables {
  cockpit_widgets: {
    id: Serial;
    company_id: number;
    user_id: number;
    type: 'occupancy' | 'bookings' | 'visitors' | 'services';
    is_active: boolean;
    ordering: number;
  };
  cockpit_widget_items: {
    company_id: number;
    widget_id: number;
    item: string;
    ordering: number;
  };
}
