import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/support/server-app';
import { ACCOUNTS, call, signIn } from '../../../../test/support/server-factories';
import type { ServiceOrder } from '../../../shared/contract/services';
import { dayAhead, slot } from '../declarations/declarations.fixtures';
import { ensureQrCode } from '../qr-codes/qr-codes.queries';
import { book, givenCatering, ok, orderOk, SERVICES, type Catering } from './services.fixtures';

const COMPANY = '/api/company/v1';

describeEachDatabase(
  'service orders: a provider sees the orders of the resources their roles cover',
  (server) => {
    let admin: string;
    let employee: string;
    let catering: Catering;
    let placed: ServiceOrder;
    let container: { id: number };
    let adminId: number;

    beforeAll(async () => {
      admin = await signIn(server(), ACCOUNTS.acmeAdmin);
      employee = await signIn(server(), ACCOUNTS.employee);
      catering = await givenCatering(server(), admin);
      const booking = await book(server(), employee, catering.room, slot(dayAhead(1), 10, 11));
      placed = await orderOk(server(), employee, {
        resource_id: catering.room,
        declaration_id: booking,
        items: [{ service_item_id: catering.coffee.id, quantity: 8 }],
      });
      adminId = (
        await server()
          .db.kysely.selectFrom('users')
          .select('id')
          .where('email', '=', ACCOUNTS.acmeAdmin)
          .executeTakeFirstOrThrow()
      ).id;
      // A resource container keeps the room's orders for its people whose roles grant RESOURCE_SERVICES.
      const role = await ok<{ id: number }>(server(), admin, 'POST', `${COMPANY}/roles`, {
        name: 'Catering crew',
        kind: 'RESOURCE',
      });
      const permissions = await ok<{ data: Array<{ permission_id: number; permission: string }> }>(
        server(),
        admin,
        'GET',
        `${COMPANY}/roles/${role.id}/rolepermissions`,
      );
      await ok(server(), admin, 'PUT', `${COMPANY}/roles/${role.id}/rolepermissions/bulk`, {
        permissions: permissions.data.map((p) => ({ permission_id: p.permission_id, granted: true })),
      });
      container = await ok<{ id: number }>(server(), admin, 'POST', `${COMPANY}/containers`, {
        name: 'Catering rooms',
        access_type: 'RESOURCE',
      });
      await ok(
        server(),
        admin,
        'POST',
        `${COMPANY}/containers/${container.id}/roles`,
        { role_ids: [role.id] },
        200,
      );
      await ok(
        server(),
        admin,
        'POST',
        `${COMPANY}/containers/${container.id}/resources`,
        {
          resource_ids: [catering.room],
        },
        200,
      );
    });

    /** Whether a problem the employee reports on the room now is mailed to the administrator. */
    const problemMailedToAdmin = async () => {
      const db = server().db.kysely;
      const code = await ensureQrCode(db, catering.floor.companyId, 1, catering.room);
      const last = await db.selectFrom('outbox').select(db.fn.max('id').as('id')).executeTakeFirstOrThrow();
      await ok(
        server(),
        employee,
        'POST',
        `${COMPANY}/service/${code}/problems`,
        { description: 'Leaking tap' },
        201,
      );
      const mails = await db
        .selectFrom('outbox')
        .select('to_address')
        .where('id', '>', String(last.id ?? 0))
        .where('subject', 'like', 'Problem reported:%')
        .execute();
      return mails.some((mail) => mail.to_address === ACCOUNTS.acmeAdmin);
    };

    const queueIds = async () =>
      (await ok<{ data: ServiceOrder[] }>(server(), admin, 'GET', `${SERVICES}/orders`)).data.map(
        (o) => o.order_id,
      );

    it('leaves out the orders of a resource a container keeps for others, and answers 404 for them', async () => {
      expect(await queueIds()).not.toContain(placed.order_id);
      const one = await call(server(), 'GET', `${SERVICES}/orders/${placed.order_id}`, {
        subdomain: 'acme',
        token: admin,
      });
      expect(one.statusCode).toBe(404);
      const status = await call(server(), 'PUT', `${SERVICES}/orders/${placed.order_id}/status/2`, {
        subdomain: 'acme',
        token: admin,
      });
      expect(status.statusCode).toBe(404);
      // the orderer still follows their own order
      expect(
        (await ok<ServiceOrder>(server(), employee, 'GET', `${SERVICES}/orders/${placed.order_id}`)).status,
      ).toBe('requested');
      // nor is a problem reported with the room mailed to them
      expect(await problemMailedToAdmin()).toBe(false);
    });

    it('shows them once the provider is one of the container’s people', async () => {
      await ok(
        server(),
        admin,
        'POST',
        `${COMPANY}/containers/${container.id}/users`,
        { user_ids: [adminId] },
        200,
      );
      expect(await queueIds()).toContain(placed.order_id);
      const confirmed = await ok<ServiceOrder>(
        server(),
        admin,
        'PUT',
        `${SERVICES}/orders/${placed.order_id}/status/2`,
      );
      expect(confirmed.status).toBe('confirmed');
      expect(await problemMailedToAdmin()).toBe(true);
    });
  },
);
