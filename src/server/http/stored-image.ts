import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';

/**
 * Uploaded images (floor plans, resource pictures) answered to signed-in users: private caching
 * revalidated by ETag (the image's SHA-256), and headers that keep a sanitised SVG inert even when
 * opened on its own.
 */
export interface StoredImage {
  mime: string;
  bytes: Buffer;
  sha256: string;
}

const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** The route's onSend hook: the image's own CSP replaces the app's. */
export const imageHeaders: onSendHookHandler = async (_request, reply, payload) => {
  void reply.header('content-security-policy', IMAGE_CSP);
  void reply.header('x-content-type-options', 'nosniff');
  return payload;
};

/** Sends the image, or 304 when the client's copy is current. */
export function sendStoredImage(request: FastifyRequest, reply: FastifyReply, image: StoredImage) {
  const etag = `"${image.sha256}"`;
  void reply
    .header('etag', etag)
    .header('cache-control', 'private, max-age=3600, must-revalidate')
    .header('vary', 'Authorization, Subdomain');
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  return reply.type(image.mime).send(image.bytes);
}

/** If-None-Match: '*', or a list of tags, weak or strong. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
