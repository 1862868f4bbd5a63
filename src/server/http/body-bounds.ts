import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/**
 * How deep a JSON body may nest. The deepest body a contract accepts (a plan's shapes: an object
 * holding a list of objects holding a list of points) is under ten levels; a few thousand levels,
 * about 36 KB, used to overflow the stack of whatever walked the parsed value.
 */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

/**
 * Whether JSON text opens more than `max` arrays or objects inside one another. One pass over the
 * characters, no recursion and no allocation, so it costs the same as reading the body, and it runs
 * before JSON.parse: a body refused here was never parsed, validated or walked.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) index++;
      else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) depth--;
  }
  return false;
}

/**
 * JSON only: other bodies answer 415. An empty JSON body reads as no body (spec §7 refresh sends
 * one). The size is bounded by Fastify's bodyLimit (413) before this runs, the depth here (422),
 * both before parsing.
 */
export function acceptOnlyJson(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(new HttpError(422, TOO_DEEP_MESSAGE), undefined);
    parseJson(request, text, done);
  });
}
