import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { QrCodeParam, qrCodePaths, QrCodeTarget } from '../../../shared/contract/qr-codes';
import type { AppDeps } from '../../context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { qrCodeImage, readQrCode } from './qr-codes.service';

/**
 * spec §2 public /qrcode/{code} and /qrcode-read/{code}: no sign-in and no Subdomain, since a
 * scanned code is all a phone has. The codes are 128 random bits, so they cannot be enumerated.
 */
export function registerQrCodeRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['qr-codes'];
  app.get(
    qrCodePaths.image,
    {
      schema: { tags, params: QrCodeParam, response: { ...ERROR_RESPONSES } },
      onSend: async (_request, reply, payload) => {
        void reply.header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        );
        return payload;
      },
    },
    async (request, reply) => {
      const svg = await qrCodeImage(deps, request.params.code);
      return (reply as unknown as FastifyReply)
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(svg);
    },
  );
  app.get(
    qrCodePaths.read,
    { schema: { tags, params: QrCodeParam, response: { 200: QrCodeTarget, ...ERROR_RESPONSES } } },
    async (request) => readQrCode(deps, request.params.code),
  );
}
