import {
  RESOURCE_IMAGE_MAX_BYTES,
  resourceImagePath,
  type ResourceImage,
} from '../../../shared/contract/resources';
import type { ServiceContext } from '../../context';
import { notFound } from '../../http/errors';
import { acceptImage, decodeBase64Content } from '../maps/accepted-image';
import { changeResource, ownedResource } from './resource-settings.queries';

/** PUT resources/{id}/image: replaces the picture. */
export async function storeResourceImage(
  ctx: ServiceContext,
  resourceId: number,
  contentBase64: string,
): Promise<ResourceImage> {
  // 404 before 422; the picture is read outside the transaction, which then only writes it.
  await ownedResource(ctx.db, ctx.companyId, resourceId);
  // The floor plans' checks (type from the content, SVG sanitised), with the pictures' 2 MB.
  const image = acceptImage(decodeBase64Content(contentBase64), RESOURCE_IMAGE_MAX_BYTES);
  const row = { ...image, updated_at: new Date() };
  await changeResource(ctx, resourceId, (tx) =>
    tx
      .insertInto('resource_images')
      .values({ company_id: ctx.companyId, resource_id: resourceId, ...row })
      .onConflict((conflict) => conflict.columns(['company_id', 'resource_id']).doUpdateSet(row))
      .execute(),
  );
  return {
    resource_id: resourceId,
    mime: row.mime,
    width: row.width,
    height: row.height,
    sha256: row.sha256,
    image_url: resourceImagePath(resourceId),
  };
}

export async function getResourceImage(ctx: ServiceContext, resourceId: number) {
  const image = await ctx.db
    .selectFrom('resource_images')
    .select(['mime', 'bytes', 'sha256'])
    .where('company_id', '=', ctx.companyId)
    .where('resource_id', '=', resourceId)
    .executeTakeFirst();
  if (!image) throw notFound();
  return image;
}

/** DELETE resources/{id}/image: the resource has no picture afterwards (also when it had none). */
export async function deleteResourceImage(ctx: ServiceContext, resourceId: number): Promise<void> {
  await changeResource(ctx, resourceId, (tx) =>
    tx
      .deleteFrom('resource_images')
      .where('company_id', '=', ctx.companyId)
      .where('resource_id', '=', resourceId)
      .execute(),
  );
}
