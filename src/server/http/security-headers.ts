import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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

export function isTaskPanePath(url: string): boolean {
  const path = url.split('?')[0]!;
  return path === '/taskpane.html' || path.startsWith('/taskpane/');
}

export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const taskPane = isTaskPanePath(request.url);
  void reply.header('content-security-policy', taskPane ? TASK_PANE_CSP : PAGE_CSP);
  void reply.header('x-content-type-options', 'nosniff');
  void reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  if (!taskPane) void reply.header('x-frame-options', 'DENY');
  if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
    void reply.header('cache-control', 'no-store');
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => applySecurityHeaders(request, reply));
}
