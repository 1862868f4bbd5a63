import { z } from 'zod';
import { ownSchema, type RealtimeSource } from '../../realtime/sources';

/** What migration 0100's trigger notifies on every insert or update of an order. */
export const SERVICE_ORDERS_CHANNEL = 'service_orders_changed';

const Id = z.number().int().positive();
const Notice = z.object({ company_id: Id, id: Id, ordered_by: Id.nullable(), schema: z.string() });

/**
 * spec §4 'service orders changed': to the providers (SERVICES) and to the one who ordered, so the
 * queue and the orderer's screens read the order again. It carries the order's id, never its content:
 * screens fetch that through the API, which decides who sees which order.
 */
export const serviceOrdersChanged: RealtimeSource = {
  channel: SERVICE_ORDERS_CHANNEL,
  event: 'service_orders_changed',
  async read(db, payload) {
    const notice = Notice.safeParse(payload);
    if (!notice.success || notice.data.schema !== (await ownSchema(db))) return null;
    return {
      companyId: notice.data.company_id,
      permission: 'SERVICES',
      ...(notice.data.ordered_by !== null ? { userIds: [notice.data.ordered_by] } : {}),
      message: { type: 'event', event: 'service_orders_changed', data: { order_id: notice.data.id } },
    };
  },
};
