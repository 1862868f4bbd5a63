import fastifyWebsocket from '@fastify/websocket';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { ErrorBody } from '../../shared/contract/common';
import {
  parseRealtimeMessage,
  REALTIME_AUTH_TIMEOUT_MS,
  REALTIME_CLOSE,
  REALTIME_MESSAGES_PER_MINUTE,
  REALTIME_PATH,
  RealtimeClientMessage,
  type RealtimeAuth,
  type RealtimeWallAuth,
} from '../../shared/contract/realtime';
import { authenticateCompanyCall } from '../auth/authenticate';
import type { AppDeps } from '../context';
import { errorBody } from '../http/error-handler';
import { HttpError } from '../http/errors';
import { generalPermissionsOf } from '../permissions/resolve';
import { listenToDatabase, type DatabaseListener } from './database-listener';
import { RealtimeHub, send, type Subscriber } from './hub';
import type { RealtimeSource } from './sources';

/** Client messages are small; anything bigger is not ours. */
const MAX_MESSAGE_BYTES = 8 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's sockets: for tests, and for a module that has an event no NOTIFY carries. */
    realtime: RealtimeHub;
  }
}

/**
 * Signs in a guest socket (a wall screen with a map's token): its subscriber (with `guest` set, and
 * a userId of its own that no user has), or a close code.
 */
export type GuestAuthenticator = (deps: AppDeps, auth: RealtimeWallAuth) => Promise<Subscriber | number>;

export interface RealtimeOptions {
  /** tests beat by hand */
  heartbeatMs?: number;
  /** who answers `wall` sign-ins; without it they are refused */
  guests?: GuestAuthenticator;
}

/**
 * GET /api/realtime/v1 (WebSocket; the protocol is described in shared/contract/realtime.ts), and
 * the process's LISTEN on the database feeding it, on the channels of `sources` (the composition
 * root lists them: the modules' and the core's own). Registered before the routes that need nothing
 * of it; the listener starts once the app is ready and stops when it closes.
 */
export async function registerRealtimeRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  sources: readonly RealtimeSource[],
  options: RealtimeOptions = {},
): Promise<RealtimeHub> {
  const hub = new RealtimeHub(deps.db.kysely);
  app.decorate('realtime', hub);
  let listener: DatabaseListener | null = null;

  // Before the plugin's own preClose (which closes what is left without a reason): 1001 first.
  app.addHook('preClose', async () => {
    hub.closeAll();
    await listener?.stop();
    listener = null;
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });

  const byChannel = new Map<string, RealtimeSource>(sources.map((source) => [source.channel, source]));
  app.addHook('onReady', async () => {
    listener = await listenToDatabase(
      deps.db,
      [...byChannel.keys()],
      (channel, payload) => void relay(byChannel.get(channel), payload),
      app.log,
    );
    hub.startHeartbeat(options.heartbeatMs);
  });

  async function relay(source: RealtimeSource | undefined, payload: string): Promise<void> {
    if (!source || !hub.hasSubscribers()) return;
    try {
      const delivery = await source.read(deps.db.kysely, parseRealtimeMessage(payload));
      if (delivery) hub.deliver(delivery);
    } catch (error) {
      app.log.error({ err: error, event: source.event }, 'realtime: an event could not be delivered');
    }
  }

  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    schema: {
      summary: 'Real-time events (WebSocket)',
      description:
        'Upgrade to a WebSocket, then send {"type":"auth","token":"<access token>","subdomain":"<company>"} ' +
        'within 10 s. The server answers {"type":"ready"}, then {"type":"event","event":…,"data":…} for ' +
        "the company's changes the user may see (spec §4 realtime events). Close codes: 4400 bad " +
        'message, 4401 bad or expired token or ended session, 4403 wrong area, 4404 unknown company, ' +
        '4408 no auth in time, 4429 too many messages, 1001 server shutting down. A plain GET answers 426.',
      tags: ['realtime'],
      response: { 426: ErrorBody },
    },
    handler: async (_request, reply) =>
      reply.status(426).header('upgrade', 'websocket').send(errorBody('Connect with a WebSocket.')),
    wsHandler: (socket, request) => handleSocket(socket, request, hub, deps, options.guests),
  });
  return hub;
}

function handleSocket(
  socket: WebSocket,
  request: FastifyRequest,
  hub: RealtimeHub,
  deps: AppDeps,
  guests: GuestAuthenticator | undefined,
): void {
  const timeout = setTimeout(() => {
    if (!hub.subscriberOf(socket)) socket.close(REALTIME_CLOSE.authTimeout, 'No authentication in time.');
  }, REALTIME_AUTH_TIMEOUT_MS);
  timeout.unref();
  // One message at a time: a re-authentication never races the one before it.
  let queue = Promise.resolve();
  // Each sign-in costs database reads: a socket gets a few per minute, as a client needs.
  let windowStart = Date.now();
  let received = 0;
  socket.on('message', (raw, isBinary) => {
    if (Date.now() - windowStart > 60_000) [windowStart, received] = [Date.now(), 0];
    if (++received > REALTIME_MESSAGES_PER_MINUTE) {
      hub.unsubscribe(socket);
      socket.close(REALTIME_CLOSE.tooManyMessages, 'Too many messages.');
      return;
    }
    queue = queue.then(() => onMessage(raw.toString(), isBinary));
  });
  socket.on('close', () => {
    clearTimeout(timeout);
    hub.unsubscribe(socket);
  });

  async function onMessage(text: string, isBinary: boolean): Promise<void> {
    const message = isBinary ? null : RealtimeClientMessage.safeParse(parseRealtimeMessage(text));
    if (!message?.success) {
      socket.close(REALTIME_CLOSE.badMessage, 'The message is not valid.');
      return;
    }
    const auth = message.data;
    const outcome =
      auth.type === 'wall'
        ? guests
          ? await guests(deps, auth)
          : REALTIME_CLOSE.badMessage
        : await authenticateSocket(deps, auth, request.log);
    if (socket.readyState !== socket.OPEN) return;
    if (typeof outcome === 'number') {
      hub.unsubscribe(socket);
      socket.close(outcome, closeReason(outcome));
      return;
    }
    const previous = hub.subscriberOf(socket);
    // A socket keeps one identity: a refreshed token of the same user, not somebody else's.
    if (
      previous &&
      (previous.companyId !== outcome.companyId ||
        previous.userId !== outcome.userId ||
        Boolean(previous.guest) !== Boolean(outcome.guest))
    ) {
      hub.unsubscribe(socket);
      socket.close(REALTIME_CLOSE.forbidden, closeReason(REALTIME_CLOSE.forbidden));
      return;
    }
    clearTimeout(timeout);
    hub.subscribe(socket, outcome);
    send(socket, { type: 'ready' });
  }
}

/**
 * The same checks as a signed-in company call (request-context.ts): the company of the subdomain,
 * then the token, its audience and its live session; a close code when any fails.
 */
async function authenticateSocket(
  deps: AppDeps,
  auth: RealtimeAuth,
  log: FastifyBaseLogger,
): Promise<Subscriber | number> {
  const call = { headers: { subdomain: auth.subdomain, authorization: `Bearer ${auth.token}` } };
  try {
    const { tenant, session } = await authenticateCompanyCall(
      deps.db.kysely,
      deps.signer,
      call as unknown as FastifyRequest,
    );
    if (tenant.area !== 'company') return REALTIME_CLOSE.forbidden;
    const companyId = tenant.company.id;
    const permissions = await generalPermissionsOf(deps.db.kysely, companyId, session.userId);
    return { companyId, userId: session.userId, jti: session.jti, permissions };
  } catch (error) {
    if (error instanceof HttpError) {
      if (error.statusCode === 404) return REALTIME_CLOSE.notFound;
      if (error.statusCode === 403) return REALTIME_CLOSE.forbidden;
      return REALTIME_CLOSE.unauthorized;
    }
    log.error({ err: error }, 'realtime: authentication failed');
    return REALTIME_CLOSE.goingAway;
  }
}

function closeReason(code: number): string {
  if (code === REALTIME_CLOSE.notFound) return 'Company not found.';
  if (code === REALTIME_CLOSE.forbidden) return 'This action is unauthorized.';
  if (code === REALTIME_CLOSE.unauthorized) return 'The token is invalid or the session has ended.';
  return 'Please try again later.';
}
