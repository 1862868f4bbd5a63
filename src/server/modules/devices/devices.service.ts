import type {
  Device,
  DeviceBody,
  DeviceList,
  DeviceUserList,
  DeviceUsersBody,
  DeviceWithCode,
} from '../../../shared/contract/devices';
import { deviceState } from '../../../shared/devices/devices';
import type { FieldErrors } from '../../../shared/validation';
import { notValid } from '../../../shared/validation/messages';
import type { ServiceContext } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import { codeDigest, newDeviceCode } from './device-code';
import { deviceRows, deviceUserRows, type DeviceRow } from './devices.queries';
import { templateFor } from './templates.service';

export const DEVICE_NOT_FOUND = 'Device not found.';
export const NO_DEFAULT_TEMPLATE = 'Choose a template: the company has no default display template.';
export const DEVICE_REMOVED = 'Device removed.';
export const ONE_BOOKER = 'A display books for one account only.';

async function callerLanguage(ctx: ServiceContext): Promise<number | null> {
  const row = await ctx.db
    .selectFrom('users')
    .select('language_id')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', ctx.userId)
    .executeTakeFirst();
  return row?.language_id ?? null;
}

async function present(ctx: ServiceContext, rows: DeviceRow[], now = new Date()): Promise<Device[]> {
  const users = await deviceUserRows(
    ctx.db,
    ctx.companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const own = users.filter((user) => user.device_id === row.id);
    const booker = own.find((user) => user.type === 'booker');
    return {
      id: row.id,
      name: row.name,
      device_type: 'DISPLAY',
      resource: { id: row.resource_id, name: row.resource_name },
      template: { id: row.template_id, name: row.template_name },
      booker: booker ? { id: booker.user_id, name: booker.name } : null,
      contacts: own
        .filter((user) => user.type === 'contact')
        .map((user) => ({ id: user.user_id, name: user.name })),
      code_issued_at: row.code_issued_at.toISOString(),
      last_heartbeat_at: row.last_heartbeat_at?.toISOString() ?? null,
      state: deviceState(row.last_heartbeat_at, now),
    };
  });
}

async function oneDevice(ctx: ServiceContext, id: number): Promise<Device> {
  const rows = await deviceRows(ctx.db, ctx.companyId, await callerLanguage(ctx), id);
  if (rows.length === 0) throw notFound(DEVICE_NOT_FOUND);
  return (await present(ctx, rows))[0]!;
}

/** GET devices: every display with its room, template, people and last heartbeat. */
export async function listDevices(ctx: ServiceContext, now = new Date()): Promise<DeviceList> {
  const rows = await deviceRows(ctx.db, ctx.companyId, await callerLanguage(ctx));
  return { data: await present(ctx, rows, now) };
}

/** The resource and the display template a body names (its own or the default); 422 names each wrong one. */
async function checked(ctx: ServiceContext, body: DeviceBody): Promise<{ templateId: number }> {
  const errors: FieldErrors = {};
  const resource = await ctx.db
    .selectFrom('resources')
    .select('id')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', body.resource_id)
    .executeTakeFirst();
  if (!resource) errors.resource_id = [notValid('resource_id')];
  const template = await templateFor(ctx.db, ctx.companyId, 'DISPLAY', body.template_id);
  if (!template || template.device_type !== 'DISPLAY')
    errors.template_id = [body.template_id === null ? NO_DEFAULT_TEMPLATE : notValid('template_id')];
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return { templateId: template!.id };
}

const withCode = (device: Device, code: string, origin: string): DeviceWithCode => ({
  ...device,
  code,
  url: `${origin}/display/${code}`,
});

/** POST devices: registers a display; its code is answered this once. */
export async function registerDevice(
  ctx: ServiceContext,
  origin: string,
  body: DeviceBody,
): Promise<DeviceWithCode> {
  const { templateId } = await checked(ctx, body);
  const code = newDeviceCode();
  const row = await ctx.db
    .insertInto('devices')
    .values({
      company_id: ctx.companyId,
      name: body.name.trim(),
      resource_id: body.resource_id,
      template_id: templateId,
      code_digest: codeDigest(code),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return withCode(await oneDevice(ctx, row.id), code, origin);
}

/** PUT devices/{id}: name, room, template; the code stays. */
export async function editDevice(ctx: ServiceContext, id: number, body: DeviceBody): Promise<Device> {
  await oneDevice(ctx, id);
  const { templateId } = await checked(ctx, body);
  await ctx.db
    .updateTable('devices')
    .set({ name: body.name.trim(), resource_id: body.resource_id, template_id: templateId })
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .execute();
  return oneDevice(ctx, id);
}

/** POST devices/{id}/code: a new code; the old one opens nothing from this instant. */
export async function regenerateCode(
  ctx: ServiceContext,
  origin: string,
  id: number,
): Promise<DeviceWithCode> {
  const code = newDeviceCode();
  const updated = await ctx.db
    .updateTable('devices')
    .set({ code_digest: codeDigest(code), code_issued_at: new Date(), last_heartbeat_at: null })
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw notFound(DEVICE_NOT_FOUND);
  return withCode(await oneDevice(ctx, id), code, origin);
}

/** DELETE devices/{id}: the display's code opens nothing any more. */
export async function removeDevice(ctx: ServiceContext, id: number): Promise<{ message: string }> {
  const removed = await ctx.db
    .deleteFrom('devices')
    .where('company_id', '=', ctx.companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (removed.numDeletedRows === 0n) throw notFound(DEVICE_NOT_FOUND);
  return { message: DEVICE_REMOVED };
}

/** GET devices/users?model_id: the device's booker and contacts. */
export async function deviceUsers(ctx: ServiceContext, deviceId: number): Promise<DeviceUserList> {
  await oneDevice(ctx, deviceId);
  const rows = await deviceUserRows(ctx.db, ctx.companyId, [deviceId]);
  return { data: rows.map(({ user_id, name, email, type }) => ({ user_id, name, email, type })) };
}

/** POST devices/users: the device's users of one type become exactly `user_ids`. */
export async function setDeviceUsers(ctx: ServiceContext, body: DeviceUsersBody): Promise<DeviceUserList> {
  await oneDevice(ctx, body.model_id);
  const ids = [...new Set(body.user_ids)];
  if (body.type === 'booker' && ids.length > 1) throw unprocessable({ user_ids: [ONE_BOOKER] });
  if (ids.length > 0) {
    const found = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', ctx.companyId)
      .where('id', 'in', ids)
      .where('is_visitor', '=', false)
      .where('stands_for_removed', '=', false)
      .execute();
    const known = new Set(found.map((row) => row.id));
    const errors: FieldErrors = {};
    ids.forEach((id, index) => {
      if (!known.has(id)) errors[`user_ids.${index}`] = [notValid('user_ids')];
    });
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
  }
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('device_users')
      .where('company_id', '=', ctx.companyId)
      .where('device_id', '=', body.model_id)
      .where((eb) =>
        eb.or([eb('type', '=', body.type), ...(ids.length > 0 ? [eb('user_id', 'in', ids)] : [])]),
      )
      .execute();
    if (ids.length > 0)
      await tx
        .insertInto('device_users')
        .values(
          ids.map((user_id) => ({
            company_id: ctx.companyId,
            device_id: body.model_id,
            user_id,
            type: body.type,
          })),
        )
        .execute();
  });
  return deviceUsers(ctx, body.model_id);
}
