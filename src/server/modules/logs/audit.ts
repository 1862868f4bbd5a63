import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuditKind } from '../../db/tables/audit.tables';

export interface AuditEvent {
  companyId: number;
  /** who acted (null: nobody signed in) */
  actorId: number | null;
  kind: AuditKind;
  /** what was acted on: a role, a booking, an export */
  subject?: string;
  details?: string;
}

/**
 * Writes one line of the company's audit log, unless its administrators switched logging off
 * (configs/1). The actor's name and e-mail are copied, so the line outlives the user. Called at the
 * one place each recorded action happens: the session's opening, a role's permissions, a booking
 * changed or cancelled for someone else, an export.
 */
export async function recordAudit(db: Kysely<Database>, event: AuditEvent): Promise<void> {
  await sql`insert into audit_events (company_id, actor_user_id, actor_name, actor_email, kind, subject, details)
    select ${event.companyId}, ${event.actorId},
      coalesce(trim(u.first_name || ' ' || u.last_name), ''), coalesce(u.email, ''),
      ${event.kind}, ${event.subject ?? ''}, ${event.details ?? ''}
    from (select 1) as one
    left join users u on u.id = ${event.actorId}
    where coalesce((select is_active from audit_log_configs where company_id = ${event.companyId}), true)`.execute(
    db,
  );
}
