import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const seconds = z.coerce.number().int().positive();

const Environment = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((url) => url === 'memory://' || /^postgres(ql)?:\/\//.test(url), {
      message: 'DATABASE_URL must be memory:// or a postgres:// URL',
    })
    .optional(),
  APP_DOMAIN: z.string().min(1).default('workplace.localhost'),
  /** Where users reach the master host, used in mailed links; defaults to http://APP_DOMAIN:PORT. */
  PUBLIC_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Workplace <no-reply@workplace.localhost>'),
  STATIC_DIR: z.string().min(1).default('./dist'),
  ACCESS_TOKEN_TTL: seconds.default(3600),
  REFRESH_WINDOW: seconds.default(14 * 24 * 3600),
  /** Behind a load balancer: take the client address from X-Forwarded-For. */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How often each room calendar mapped to a connector is read for changes (calendar sync). */
  CALENDAR_PULL_SECONDS: seconds.default(60),
  /** How often pending Outlook meetings (booked in the pane, not sent) are looked at for release. */
  OUTLOOK_RELEASE_SECONDS: seconds.default(60),
  /** Connectors may reach loopback, private and link-local addresses (an on-premises network, tests). */
  ALLOW_PRIVATE_CONNECTOR_URLS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /** Key of the connector secrets at rest; defaults to the server's JWT secret (integrations/secrets.ts). */
  /** The first wait before checking a sign-in from an address with many failures; it doubles after. */
  LOGIN_DELAY_MS: z.coerce.number().int().min(0).max(8000).default(250),
  CONNECTOR_SECRETS_KEY: z
    .string()
    .min(32, 'CONNECTOR_SECRETS_KEY must have at least 32 characters')
    .optional(),
  /**
   * The Outlook add-in's Entra ID app registration (its Application (client) ID): Microsoft 365
   * sign-in in the pane (nested app authentication) is offered only when it is set.
   */
  ADDIN_CLIENT_ID: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'ADDIN_CLIENT_ID must be a GUID')
    .optional(),
  /** How long a company deleted in the master area keeps its data before it is purged. */
  COMPANY_PURGE_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
});

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | null } // null: throw-away, in memory
  | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  appDomain: string;
  publicUrl: string | null;
  /** null: the secret is resolved at start (generated and kept in DATA_DIR, or in memory). */
  jwtSecret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  staticDir: string;
  accessTokenTtl: number;
  refreshWindow: number;
  trustProxy: boolean;
  logLevel: z.infer<typeof Environment>['LOG_LEVEL'];
  calendarPullSeconds: number;
  outlookReleaseSeconds: number;
  allowPrivateConnectorUrls: boolean;
  connectorSecretsKey: string | null;
  loginDelayMs: number;
  companyPurgeDays: number;
  /** null: no Microsoft 365 sign-in in the Outlook add-in */
  addinClientId: string | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Environment.safeParse(blankToUndefined(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    database: databaseTarget(e.DATABASE_URL, e.DATA_DIR),
    appDomain: e.APP_DOMAIN.toLowerCase(),
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, '') ?? null,
    jwtSecret: e.JWT_SECRET ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    staticDir: e.STATIC_DIR,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshWindow: e.REFRESH_WINDOW,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    calendarPullSeconds: e.CALENDAR_PULL_SECONDS,
    outlookReleaseSeconds: e.OUTLOOK_RELEASE_SECONDS,
    allowPrivateConnectorUrls: e.ALLOW_PRIVATE_CONNECTOR_URLS,
    connectorSecretsKey: e.CONNECTOR_SECRETS_KEY ?? null,
    loginDelayMs: e.LOGIN_DELAY_MS,
    companyPurgeDays: e.COMPANY_PURGE_DAYS,
    addinClientId: e.ADDIN_CLIENT_ID?.toLowerCase() ?? null,
  };
}

function databaseTarget(url: string | undefined, dataDir: string): DatabaseTarget {
  if (url === undefined) return { kind: 'pglite', dataDir: `${dataDir.replace(/\/$/, '')}/pglite` };
  if (url === 'memory://') return { kind: 'pglite', dataDir: null };
  return { kind: 'postgres', url };
}

// An exported-but-empty variable (PORT=) means "unset", as in most twelve-factor tools.
function blankToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value === '' ? undefined : value]),
  );
}
