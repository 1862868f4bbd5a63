import type { GeneralPermission } from '../../shared/permissions';
import type { TenantCompany } from '../tenancy/tenant';
import type { LiveSession } from './sessions';

/**
 * What a signed-in company call's authentication read (the company, the live session, the
 * caller's permissions) with the company's booking stamp (migration 0029) read in the same
 * statement, kept per database and token. A call whose write checks the session and the stamp
 * itself (POST declarations: book_declarations) starts from it instead of reading it again; any
 * refusal it meets, or a write that finds the session ended or the stamp moved, is decided again
 * from the database (declarations.routes.ts). Nothing else trusts a snapshot.
 */
export interface SessionSnapshot {
  company: TenantCompany;
  session: LiveSession;
  permissions: GeneralPermission[];
  /** company_booking_versions when it was read; null when the company has none yet */
  bookingVersion: string | null;
}

// Per database (tests run several apps in one process), by token id; the oldest go first.
const KEPT = 10_000;
const snapshots = new WeakMap<object, Map<string, SessionSnapshot>>();

export function keepSnapshot(db: object, snapshot: SessionSnapshot): void {
  let kept = snapshots.get(db);
  if (!kept) snapshots.set(db, (kept = new Map()));
  kept.delete(snapshot.session.jti);
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
  kept.set(snapshot.session.jti, snapshot);
}

/** The snapshot of a token of this user and company (as its verified claims name them), if kept. */
export function findSnapshot(
  db: object,
  claims: { jti: string; sub: string; aud: string },
  subdomain: string,
): SessionSnapshot | undefined {
  const snapshot = snapshots.get(db)?.get(claims.jti);
  if (!snapshot) return undefined;
  const { company, session } = snapshot;
  if (company.subdomain !== subdomain || String(company.id) !== claims.aud) return undefined;
  if (String(session.userId) !== claims.sub) return undefined;
  return snapshot;
}
