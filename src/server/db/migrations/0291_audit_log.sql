-- spec §2 /logs (LOG-FILES), §7 Logs: the company's audit log, its on/off switch (configs/1) and
-- its CSV exports, built by a job and kept until downloaded by the company's administrators.
-- The actor's name and e-mail are copied into the row: the log outlives a deleted user.
create table audit_events (
  id bigserial primary key,
  company_id integer not null references companies (id) on delete cascade,
  occurred_at timestamptz not null default now(),
  actor_user_id integer,
  actor_name text not null default '',
  actor_email text not null default '',
  kind text not null check (kind in ('sign-in', 'impersonation-sign-in', 'role-permissions-changed',
    'booking-changed-by-other', 'booking-cancelled-by-other', 'export')),
  subject text not null default '',
  details text not null default ''
);
create index audit_events_by_time on audit_events (company_id, occurred_at, id);

-- configs/1: one row per company once switched; no row reads as on (logging is on by default)
create table audit_log_configs (
  company_id integer primary key references companies (id) on delete cascade,
  is_active boolean not null default true,
  updated_at timestamptz not null default now()
);

create table log_exports (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  user_id integer,
  period_from timestamptz not null,
  period_to timestamptz not null check (period_to > period_from),
  status text not null default 'queued' check (status in ('queued', 'running', 'ready', 'failed')),
  -- 0..100, written as the job goes through the period's rows
  progress smallint not null default 0 check (progress between 0 and 100),
  row_count integer not null default 0,
  csv bytea,
  created_at timestamptz not null default now(),
  finished_at timestamptz,
  unique (company_id, id)
);
create index log_exports_recent on log_exports (company_id, created_at desc);
