import { createHash } from 'node:crypto';
import { unprocessable } from '../../http/errors';
import { IMAGE_MESSAGES, ImageRefused, inspectImage, type InspectedImage } from './map-image';

/** An accepted image as it is stored (floor maps, resource pictures): its checked bytes and fingerprint. */
export interface AcceptedImage extends InspectedImage {
  sha256: string;
}

/**
 * Content sent as base64 in JSON (the API takes JSON only), a data: prefix and white space allowed;
 * what is not base64 is refused as not an image.
 */
export function decodeBase64Content(contentBase64: string): Buffer {
  const encoded = contentBase64.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded))
    throw unprocessable({ content_base64: [IMAGE_MESSAGES.notImage] });
  return Buffer.from(encoded, 'base64');
}

/** The image checks (inspectImage); a refusal is a 422 on content_base64, its message under the field. */
export function acceptImage(content: Buffer, maxBytes?: number): AcceptedImage {
  let image: InspectedImage;
  try {
    image = inspectImage(content, maxBytes);
  } catch (error) {
    if (error instanceof ImageRefused) throw unprocessable({ content_base64: [error.message] });
    throw error;
  }
  return {
    mime: image.mime,
    bytes: image.bytes,
    width: image.width,
    height: image.height,
    sha256: createHash('sha256').update(image.bytes).digest('hex'),
  };
}
