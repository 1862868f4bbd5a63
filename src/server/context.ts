import type { Kysely } from 'kysely';
import type { GeneralPermission } from '../shared/permissions';
import type { CodeDigester } from './auth/codes';
import type { TokenSigner } from './auth/tokens';
import type { Config } from './config';
import type { Db } from './db/connection';
import type { Database } from './db/schema';
import type { Mailer } from './integrations/mailer';
import type { ReferenceData } from './reference';
import type { Tenant } from './tenancy/tenant';

/** What the app is built from, handed to every module's routes. */
export interface AppDeps {
  db: Db;
  config: Config;
  signer: TokenSigner;
  codes: CodeDigester;
  mailer: Mailer;
  reference: ReferenceData;
  /** The origin users reach a company (or, with null, the master area) at, for links in mails. */
  originOf(subdomain: string | null): string;
}

/** A service's first argument: who acts, for which company, on which database. */
export interface ServiceContext {
  db: Kysely<Database>;
  companyId: number;
  userId: number;
  permissions?: readonly GeneralPermission[];
  /** the company's booking stamp read when the call was authenticated (see permissions/scoped.ts) */
  accessStamp?: string;
}

/** A platform administrator's call in the master area: no company, the administrator's id. */
export interface MasterContext {
  db: Kysely<Database>;
  userId: number;
}

/** Before sign-in there is only the tenant. */
export interface PublicContext {
  db: Kysely<Database>;
  tenant: Tenant;
}
