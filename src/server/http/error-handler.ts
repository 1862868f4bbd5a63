import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../shared/contract/common';
import { HttpError } from './errors';
import { RequestValidationError } from './validation';

const MESSAGE_OF_STATUS: Record<number, string> = {
  400: 'The request could not be read.',
  401: 'Unauthenticated.',
  403: 'This action is unauthorized.',
  404: 'Not found.',
  405: 'Method not allowed.',
  406: 'Not acceptable.',
  409: 'Conflict.',
  413: 'The request is too large.',
  415: 'Unsupported content type: send application/json.',
  422: 'The given data was invalid.',
  429: 'Too many requests.',
  500: 'Server error.',
};

// Fastify's own client errors, worded for people.
const MESSAGE_OF_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGE_OF_STATUS[415]!,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request length does not match its body.',
};

export function errorBody(message: string, errors?: Record<string, string[]>): ErrorBody {
  return { data: errors ? { message, errors } : { message } };
}

/**
 * SQLSTATE class 22, data exception: a value the database cannot hold (a number beyond its column's
 * range, an impossible date). That is the request's fault, so the caller gets a 422, not a 500; but
 * the contract should have refused it with a field error first, so it is logged as an error too.
 */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/** The one place failures become responses: the spec's error shape, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send(errorBody(error.message, error.errors));
    }
    if (error instanceof RequestValidationError || error.validation) {
      const fieldErrors =
        error instanceof RequestValidationError ? error.fieldErrors : { _: [error.message] };
      return reply.status(422).send(errorBody(MESSAGE_OF_STATUS[422]!, fieldErrors));
    }
    if (isDataException(error)) {
      request.log.error({ err: error }, 'a value the database refused reached it unchecked');
      return reply.status(422).send(errorBody(MESSAGE_OF_STATUS[422]!));
    }
    // SyntaxError from the JSON parser carries statusCode 400 without a FST code on some paths.
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: error.code, status }, 'request refused');
    const message =
      (error.code && MESSAGE_OF_CODE[error.code]) || MESSAGE_OF_STATUS[status] || MESSAGE_OF_STATUS[400]!;
    return reply.status(status).send(errorBody(message));
  });
}
