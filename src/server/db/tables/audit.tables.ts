import type { ColumnType, Generated } from 'kysely';
import type { Optional, Serial, Timestamp } from './column-types';

export type AuditKind =
  | 'sign-in'
  | 'impersonation-sign-in'
  | 'role-permissions-changed'
  | 'booking-changed-by-other'
  | 'booking-cancelled-by-other'
  | 'export';

/** 0291: the audit log, its switch and its CSV exports. */
export interface AuditTables {
  audit_events: {
    id: ColumnType<string, never, never>;
    company_id: number;
    occurred_at: Timestamp;
    actor_user_id: Optional<number>;
    actor_name: Generated<string>;
    actor_email: Generated<string>;
    kind: AuditKind;
    subject: Generated<string>;
    details: Generated<string>;
  };
  audit_log_configs: { company_id: number; is_active: boolean; updated_at: Timestamp };
  log_exports: {
    id: Serial;
    company_id: number;
    user_id: Optional<number>;
    period_from: Timestamp;
    period_to: Timestamp;
    status: Generated<'queued' | 'running' | 'ready' | 'failed'>;
    progress: Generated<number>;
    row_count: Generated<number>;
    csv: Optional<Buffer>;
    created_at: Timestamp;
    finished_at: Optional<Date>;
  };
}
