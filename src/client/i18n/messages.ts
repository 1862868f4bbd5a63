import { messageMatcher } from '../../shared/text/message-templates';
import { MESSAGES } from '../../shared/validation/messages';
import { label } from './i18n';

/**
 * The spec's validation messages (§5) and HTTP client messages (§8) are written in English where
 * they arise (shared rules, the API client); a screen says them in the user's language through the
 * catalogue's `messages.*` labels. The server's messages arrive already in the request's language.
 */
const TEMPLATES = new Map<string, string>([
  ...Object.entries(MESSAGES).map(([key, english]) => [`messages.validation.${key}`, english] as const),
  ['messages.client.network', 'Network Error'],
  ['messages.client.aborted', 'Request aborted'],
  ['messages.client.timeout', 'timeout of {ms} ms exceeded'],
  ['messages.client.status', 'Request failed with status code {status}'],
]);

const match = messageMatcher(TEMPLATES);

/** `text` in the user's language when it is one of the messages above; otherwise as it is. */
export function sayMessage(text: string): string;
export function sayMessage(text: string | undefined): string | undefined;
export function sayMessage(text: string | undefined): string | undefined {
  if (!text) return text;
  const found = match(text);
  return found ? label(found.code, TEMPLATES.get(found.code), found.params) : text;
}
