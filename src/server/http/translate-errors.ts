import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReferenceData } from '../reference';

/**
 * spec §7: every request names its `lang`. A refusal (status 400 and above) is written in English
 * where it is raised; here, the one place answers leave, its message and field errors are said in
 * that language when the catalogue knows them (the `messages.*` labels). Successful answers are
 * never read.
 */
/** spec §7: the catalogue language the request's `lang` names (English when it names none we know). */
function requestLanguage(request: FastifyRequest, reference: ReferenceData): Promise<string> {
  const lang = (request.query as { lang?: unknown } | undefined)?.lang;
  return reference.languageOf(typeof lang === 'string' ? lang : null);
}

/**
 * The request's language, as a function saying a server message in it: for the few successful
 * answers that carry sentences (the scheduler's conflicts).
 */
export async function messagesForRequest(
  request: FastifyRequest,
  reference: ReferenceData,
): Promise<(english: string) => string> {
  const language = await requestLanguage(request, reference);
  if (language === 'en') return (english) => english;
  return reference.messageTranslator(language);
}

export function translateErrorAnswers(app: FastifyInstance, reference: ReferenceData): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    if (!/json/.test(String(reply.getHeader('content-type')))) return payload;
    const language = await requestLanguage(request, reference);
    if (language === 'en') return payload;
    let body: { data?: { message?: unknown; errors?: unknown } };
    try {
      body = JSON.parse(payload) as typeof body;
    } catch {
      return payload;
    }
    const data = body.data;
    if (!data || typeof data !== 'object') return payload;
    const say = await reference.messageTranslator(language);
    if (typeof data.message === 'string') data.message = say(data.message);
    if (data.errors && typeof data.errors === 'object') {
      for (const [field, messages] of Object.entries(data.errors as Record<string, unknown>)) {
        if (Array.isArray(messages)) {
          (data.errors as Record<string, unknown>)[field] = messages.map((message) =>
            typeof message === 'string' ? say(message) : message,
          );
        }
      }
    }
    return JSON.stringify(body);
  });
}
