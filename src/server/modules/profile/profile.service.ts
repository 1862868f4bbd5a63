import type {
  ChangePasswordBody,
  Profile,
  ProfileGroups,
  ProfileRoles,
  UpdateProfileBody,
} from '../../../shared/contract/profile';
import { PROFILE_PHOTO_MAX_BYTES, profilePaths } from '../../../shared/contract/profile';
import { notValid } from '../../../shared/validation';
import { verifyPassword } from '../../auth/passwords';
import { checkNewPassword, storePassword } from '../../auth/set-password';
import type { ServiceContext } from '../../context';
import { HttpError, notFound, unprocessable } from '../../http/errors';
import { acceptImage, decodeBase64Content } from '../maps/accepted-image';
import { IMAGE_MESSAGES } from '../maps/map-image';
import { membershipsOf, photoOf, profileRow, referencesExist } from './profile.queries';

export async function getProfile(ctx: ServiceContext): Promise<Profile> {
  const { password_hash: _hash, photo_sha256, ...row } = await profileRow(ctx);
  return {
    ...row,
    name: `${row.first_name} ${row.last_name}`.trim(),
    // The hash in the address: a new photo is a new address, so a cached old one is never shown.
    photo_url: photo_sha256 ? `${profilePaths.photo}?v=${photo_sha256.slice(0, 12)}` : null,
  };
}

/** language, timezone, country: each must name an existing entry (422 otherwise, nothing written). */
export async function updateProfile(ctx: ServiceContext, body: UpdateProfileBody): Promise<Profile> {
  const exists = await referencesExist(ctx.db, {
    languageId: body.language_id,
    countryId: body.country_id,
    timezone: body.timezone,
  });
  const errors: Record<string, string[]> = {};
  if (!exists.language) errors.language_id = [notValid('language')];
  if (!exists.country) errors.country_id = [notValid('country')];
  if (!exists.timezone) errors.timezone = [notValid('timezone')];
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const change = {
    ...(body.language_id === undefined ? {} : { language_id: body.language_id }),
    ...(body.timezone === undefined ? {} : { timezone: body.timezone }),
    ...(body.country_id === undefined ? {} : { country_id: body.country_id }),
  };
  if (Object.keys(change).length > 0)
    await ctx.db
      .updateTable('users')
      .set(change)
      .where('company_id', '=', ctx.companyId)
      .where('id', '=', ctx.userId)
      .execute();
  return getProfile(ctx);
}

/**
 * change-password: the current password, then the policy; every other session of the user ends
 * (the one that changed it goes on).
 */
export async function changePassword(
  ctx: ServiceContext,
  sessionJti: string,
  body: ChangePasswordBody,
): Promise<{ message: string }> {
  const { password_hash } = await profileRow(ctx);
  if (!(await verifyPassword(body.current_password, password_hash)))
    throw unprocessable({ current_password: ['The password is not correct.'] });
  const hash = await checkNewPassword(body.password);
  await ctx.db.transaction().execute((tx) => storePassword(tx, ctx.userId, hash, sessionJti));
  return { message: 'Your password has been changed. Other sessions have been signed out.' };
}

export async function profileGroups(ctx: ServiceContext): Promise<ProfileGroups> {
  const rows = await membershipsOf(ctx.db, ctx.companyId, ctx.userId);
  const groups = new Map(rows.map((row) => [row.group_id, row.group_name]));
  return { data: [...groups].map(([id, name]) => ({ id, name })) };
}

export async function profileRoles(ctx: ServiceContext): Promise<ProfileRoles> {
  const roles = new Map<number, { id: number; name: string; groups: string[] }>();
  for (const row of await membershipsOf(ctx.db, ctx.companyId, ctx.userId)) {
    if (row.role_id === null || row.role_name === null) continue;
    const role = roles.get(row.role_id) ?? { id: row.role_id, name: row.role_name, groups: [] };
    role.groups.push(row.group_name);
    roles.set(row.role_id, role);
  }
  return { data: [...roles.values()].sort((a, b) => a.name.localeCompare(b.name)) };
}

const NOT_A_PHOTO = { content_base64: ['The photo must be a PNG or JPEG image.'] };

/** The image checks, with the photo's own words for what is no image at all. */
function photoImage(contentBase64: string) {
  try {
    return acceptImage(decodeBase64Content(contentBase64), PROFILE_PHOTO_MAX_BYTES);
  } catch (error) {
    if (error instanceof HttpError && error.errors?.content_base64?.[0] === IMAGE_MESSAGES.notImage)
      throw unprocessable(NOT_A_PHOTO);
    throw error;
  }
}

/** photo: a PNG or JPEG (checked by content, 2 MB, the pixel limit of every image). */
export async function storePhoto(ctx: ServiceContext, contentBase64: string): Promise<Profile> {
  const image = photoImage(contentBase64);
  if (image.mime !== 'image/png' && image.mime !== 'image/jpeg') throw unprocessable(NOT_A_PHOTO);
  const row = {
    mime: image.mime,
    bytes: image.bytes,
    width: image.width,
    height: image.height,
    sha256: image.sha256,
    updated_at: new Date(),
  };
  await ctx.db
    .insertInto('user_photos')
    .values({ company_id: ctx.companyId, user_id: ctx.userId, ...row })
    .onConflict((conflict) => conflict.columns(['company_id', 'user_id']).doUpdateSet(row))
    .execute();
  return getProfile(ctx);
}

export async function getPhoto(ctx: ServiceContext) {
  const photo = await photoOf(ctx);
  if (!photo) throw notFound();
  return photo;
}

export async function deletePhoto(ctx: ServiceContext): Promise<Profile> {
  await ctx.db
    .deleteFrom('user_photos')
    .where('company_id', '=', ctx.companyId)
    .where('user_id', '=', ctx.userId)
    .execute();
  return getProfile(ctx);
}
