// The HTTPS origin an Outlook add-in build is made for: ADDIN_URL, else PUBLIC_URL. Outlook loads
// the pane, its icons and the support page from there, on every user's machine, over HTTPS only.

/** The development manifest's origin (the dev server of `npm run dev:addin`). */
export const ADDIN_DEV_ORIGIN = 'https://localhost:3000';

const HOW =
  'Set ADDIN_URL (or PUBLIC_URL) to the HTTPS origin users reach Workplace at, e.g. ADDIN_URL=https://rooms.example.com';

/**
 * @param {Record<string, string | undefined>} env
 * @returns {{ origin: string, error?: undefined } | { origin?: undefined, error: string }}
 */
export function resolveAddinOrigin(env) {
  const name = env.ADDIN_URL ? 'ADDIN_URL' : 'PUBLIC_URL';
  const raw = env.ADDIN_URL || env.PUBLIC_URL;
  if (!raw) return { error: `The Outlook add-in's manifests need the origin they are served from. ${HOW}.` };
  let url;
  try {
    url = new URL(raw);
  } catch {
    return { error: `${name} is not a URL: ${raw}. ${HOW}.` };
  }
  if (url.protocol !== 'https:')
    return {
      error: `${name} must be an https:// origin, Outlook loads add-ins over HTTPS only: ${raw}. ${HOW}.`,
    };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host))
    return {
      error: `${name} names this machine (${raw}); Outlook on your users' machines cannot reach it. ${HOW}.`,
    };
  if (url.pathname !== '/' || url.search || url.hash || url.username)
    return { error: `${name} must be an origin only, without path, query or credentials: ${raw}. ${HOW}.` };
  return { origin: url.origin };
}
