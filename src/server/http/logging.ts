import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

// Path segments that are secrets in themselves (spec §7: password-reset/{token}, temp-code/{code}).
const SECRET_SEGMENT = /(\/(?:password-reset|temp-code)\/)[^/?#]+/g;
// Query values that are secrets: the hand-over code arrives as /login?handover=… (client
// session/landing.ts), which the request log wrote out in full before (issue 37). Any name holding
// token, code, handover, secret or password is redacted, so a new one is covered before it is named.
const SECRET_QUERY =
  /([?&][^=&#]*(?:token|code|handover|secret|password|samlresponse|relaystate)[^=&#]*=)[^&#]*/gi;

const SECRET_KEYS = [
  'password',
  'password_confirmation',
  'token',
  'access_token',
  'handover',
  'handover_code',
  'code',
];

export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENT, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

/** pino options: structured, no request bodies, no credentials in headers or addresses. */
export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        ...SECRET_KEYS,
        ...SECRET_KEYS.map((key) => `*.${key}`),
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.headers?.host,
        subdomain: request.headers?.subdomain,
        remoteAddress: request.ip,
      }),
    },
  };
}
