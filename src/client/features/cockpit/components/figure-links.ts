import type { WidgetItem } from '../../../../shared/cockpit/widgets';
import { can, type GeneralPermission } from '../../../../shared/permissions';
import { href } from '../../../routing/paths';

/**
 * Where a figure is explained (issue 46: every figure is a link), or null when the viewer may not
 * open that screen: the whole figure, and each of its rows (a site or floor, a desk, a status).
 */
export function figureLinks(
  item: WidgetItem,
  permissions: readonly GeneralPermission[],
): { whole: string | null; row: (id: number) => string | null } {
  const reports = can(permissions, 'REPORTS_BOOKINGS');
  const plan = can(permissions, 'PLAN');
  const bookings = can(permissions, ['BOOKINGS', 'MY_BOOKINGS']);
  const reception = can(permissions, [
    ['VISITOR_MANAGEMENT', 'read'],
    ['RECEPTION_DESK_VISITORS', 'read'],
  ]);
  const services = can(permissions, 'SERVICES');
  const level = (id: number) => (plan ? href('r_plan', { plan_level_id: String(id) }) : null);
  switch (item) {
    case 'today':
    case 'week':
      return { whole: reports ? href('r_reports-reservations-dashboard') : null, row: level };
    case 'bookings_today':
    case 'check_in_rate':
    case 'no_shows': {
      const list = reports
        ? href('r_reports-reservations-technical-list')
        : bookings
          ? href('r_bookings')
          : null;
      return { whole: list, row: level };
    }
    case 'awaiting_approval': {
      const list = bookings ? href('r_bookings') : null;
      return { whole: list, row: () => list };
    }
    case 'expected':
    case 'arrived':
    case 'checked_out':
      return {
        whole: reception ? href('r_reception-desks') : null,
        row: (id) =>
          reception ? href('r_visitor-management-reception', { receptionDeskId: String(id) }) : null,
      };
    case 'open_orders': {
      const queue = services ? href('r_services') : null;
      return { whole: queue, row: () => queue };
    }
  }
}
