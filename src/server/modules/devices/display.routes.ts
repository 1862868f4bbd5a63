import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MessageBody } from '../../../shared/contract/common';
import { DeclarationList } from '../../../shared/contract/declarations';
import {
  BookNowBody,
  DisplayBookingBody,
  DisplayPage,
  displayPaths,
  DisplayParams,
} from '../../../shared/contract/devices';
import type { AppDeps } from '../../context';
import { publicContext } from '../../http/request-context';
import { ERROR_RESPONSES } from '../../http/schemas';
import { bookNow, displayCheck, displayPage, heartbeat } from './display.service';

/** spec §2 public /display/{code}: no sign-in; the company from the host, the device from the code. */
export function registerDisplayRoutes(root: FastifyInstance, deps: AppDeps): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['room display'];
  const done = { 200: MessageBody, ...ERROR_RESPONSES };

  app.get(
    displayPaths.page,
    { schema: { tags, params: DisplayParams, response: { 200: DisplayPage, ...ERROR_RESPONSES } } },
    async (request) => displayPage(publicContext(request, deps), request.params.code, request.ip),
  );
  app.post(
    displayPaths.heartbeat,
    { schema: { tags, params: DisplayParams, response: done } },
    async (request) => {
      await heartbeat(publicContext(request, deps), request.params.code, request.ip);
      return { message: 'OK' };
    },
  );
  app.post(
    displayPaths.book,
    {
      schema: {
        tags,
        params: DisplayParams,
        body: BookNowBody,
        response: { 201: DeclarationList, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await bookNow(publicContext(request, deps), request.params.code, request.ip, request.body.minutes),
        ),
  );
  for (const [path, action] of [
    [displayPaths.checkIn, 'check_in'],
    [displayPaths.checkOut, 'check_out'],
  ] as const)
    app.post(
      path,
      { schema: { tags, params: DisplayParams, body: DisplayBookingBody, response: done } },
      async (request) => {
        await displayCheck(
          publicContext(request, deps),
          request.params.code,
          request.ip,
          action,
          request.body.declaration_id,
        );
        return { message: action === 'check_in' ? 'Checked in.' : 'Checked out.' };
      },
    );
}
