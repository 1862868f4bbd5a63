import { createHash } from 'node:crypto';
import {
  RESOURCE_IMAGE_MAX_BYTES,
  resourceImagePath,
  type ResourceImage,
} from '../../../shared/contract/resources';
import type { ServiceContext } from '../../context';
import { notFound, unprocessable } from '../../http/errors';
import { IMAGE_MESSAGES, ImageRefused, inspectImage, type InspectedImage } from '../maps/map-image';
import { changeResource, ownedResource } from './resource-settings.queries';

/** The resource's picture: the floor-plan checks (type from the content, SVG sanitised), 2 MB. */
function inspected(contentBase64: string): InspectedImage {
  const encoded = contentBase64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded))
    throw unprocessable({ content_base64: [IMAGE_MESSAGES.notImage] });
  try {
    return inspectImage(Buffer.from(encoded, 'base64'), RESOURCE_IMAGE_MAX_BYTES);
  } catch (error) {
    if (error instanceof ImageRefused) throw unprocessable({ content_base64: [error.message] });
    throw error;
  }
}

/** PUT resources/{id}/image: replaces the picture. */
export async function storeResourceImage(
  ctx: ServiceContext,
  resourceId: number,
  contentBase64: string,
): Promise<ResourceImage> {
  // 404 before 422; the picture is read outside the transaction, which then only writes it.
  await ownedResource(ctx.db, ctx.companyId, resourceId);
  const image = inspected(contentBase64);
  const row = {
    mime: image.mime,
    bytes: image.bytes,
    width: image.width,
    height: image.height,
    sha256: createHash('sha256').update(image.bytes).digest('hex'),
    updated_at: new Date(),
  };
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
