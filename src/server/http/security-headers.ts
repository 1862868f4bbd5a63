import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADDIN_DIALOG_PAGE } from '../../shared/contract/addin-sign-in';

/** Where Outlook hosts the task pane; only these may frame it (ARCHITECTURE.md "Tenancy and security"). */
export const OUTLOOK_FRAME_ANCESTORS = [
  'https://outlook.office.com',
  'https://outlook.office365.com',
  'https://outlook.live.com',
  'https://*.officeapps.live.com',
  'https://*.office.com',
];
const OFFICE_JS = 'https://appsforoffice.microsoft.com';

function contentSecurityPolicy(taskPane: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self'${taskPane ? ` ${OFFICE_JS}` : ''}`,
    // Fluent UI (Griffel) injects its styles at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${taskPane ? OUTLOOK_FRAME_ANCESTORS.join(' ') : "'none'"}`,
  ].join('; ');
}

const PAGE_CSP = contentSecurityPolicy(false);
const TASK_PANE_CSP = contentSecurityPolicy(true);

/** The pages Outlook hosts: the task pane, its sign-in dialog (which Outlook on the web may frame too), and the event runtime of the send handler (meeting-send). */
export function isTaskPanePath(url: string): boolean {
  const path = url.split('?')[0]!;
  return (
    path === '/taskpane.html' ||
    path.startsWith('/taskpane/') ||
    path === ADDIN_DIALOG_PAGE ||
    path === '/meeting-send.html'
  );
}

const HSTS = 'max-age=31536000; includeSubDomains';

export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const taskPane = isTaskPanePath(request.url);
  void reply.header('content-security-policy', taskPane ? TASK_PANE_CSP : PAGE_CSP);
  void reply.header('x-content-type-options', 'nosniff');
  void reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  if (!taskPane) void reply.header('x-frame-options', 'DENY');
  // Over HTTPS (directly, or behind a trusted proxy that says so): browsers keep to HTTPS for a
  // year, on every company's subdomain too. Over plain HTTP the header would mean nothing.
  if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
  if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
    void reply.header('cache-control', 'no-store');
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => applySecurityHeaders(request, reply));
}
