import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  KioskCheckInBody,
  KioskDesk,
  kioskPaths,
  KioskParams,
  KioskScanBody,
  KioskWelcome,
} from '../../../shared/contract/visitors';
import type { AppDeps } from '../../context';
import { publicContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { kioskCheckIn, kioskDesk, kioskScan } from './kiosk.service';

/** spec §2 public /reception-desk/{code}: no sign-in; the company from the host, the desk from the code. */
export function registerKioskRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['reception-desk kiosk'];
  const welcome = { 200: KioskWelcome, ...ERROR_RESPONSES };

  app.get(
    kioskPaths.desk,
    { schema: { tags, params: KioskParams, response: { 200: KioskDesk, ...ERROR_RESPONSES } } },
    async (request) => kioskDesk(publicContext(request, deps), request.params.code, request.ip),
  );
  app.post(
    kioskPaths.scan,
    { schema: { tags, params: KioskParams, body: KioskScanBody, response: welcome } },
    async (request) =>
      kioskScan(
        publicContext(request, deps),
        deps,
        request.params.code,
        request.ip,
        request.body.code,
        request.body.accepted_documents,
      ),
  );
  app.post(
    kioskPaths.checkIn,
    { schema: { tags, params: KioskParams, body: KioskCheckInBody, response: welcome } },
    async (request) =>
      kioskCheckIn(publicContext(request, deps), deps, request.params.code, request.ip, request.body),
  );
}
