-- Calendar sync (issue 8 item 3): a small job queue, the link between a booking and its event on
-- the room's calendar, each calendar's sync cursor, the events the rooms declined, and a trigger
-- that queues a sync job in the same transaction as the booking change, so the booking engine
-- knows nothing about calendars and no change is lost if the process stops after committing.

-- Jobs: rows claimed with FOR UPDATE SKIP LOCKED by any server process (src/server/jobs). A job
-- is leased while it runs (locked_until); one whose process died is taken again after the lease.
-- One queued job per (company, kind, key): a second change before the first is handled folds into
-- it, since a job brings the outside state to the booking's state at the time it runs.
create table jobs (
  id bigserial primary key,
  company_id integer not null references companies (id) on delete cascade,
  kind text not null check (kind ~ '^[a-z][a-z0-9_.-]{0,62}$'),
  key text not null,
  payload jsonb not null default '{}',
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  run_at timestamptz not null default now(),
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 10 check (max_attempts > 0),
  locked_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id)
);
create unique index jobs_one_queued on jobs (company_id, kind, key) where status = 'queued';
create index jobs_due on jobs (run_at) where status = 'queued';
create index jobs_running on jobs (company_id, kind, key) where status = 'running';
create index jobs_finished on jobs (updated_at) where status in ('done', 'failed');

-- A booking and the event that stands for it on its room's calendar: the Graph event id, the
-- Google event id or the CalDAV object URL. 'product' events were written by the sync for a
-- booking made here; 'calendar' ones were booked in the calendar and became bookings.
create table calendar_event_links (
  company_id integer not null,
  declaration_id integer not null,
  calendar_connector_id integer not null,
  calendar_id text not null,
  external_id text not null,
  etag text,
  origin text not null check (origin in ('product', 'calendar')),
  synced_at timestamptz not null default now(),
  primary key (company_id, declaration_id),
  unique (company_id, calendar_connector_id, external_id),
  foreign key (company_id, declaration_id) references declarations (company_id, id) on delete cascade,
  foreign key (company_id, calendar_connector_id)
    references calendar_connectors (company_id, id) on delete cascade
);

-- Where the last look at a calendar ended: Graph deltaLink, Google syncToken, CalDAV sync-token.
create table calendar_sync_cursors (
  company_id integer not null,
  calendar_connector_id integer not null,
  calendar_id text not null,
  cursor text,
  synced_at timestamptz,
  primary key (company_id, calendar_connector_id, calendar_id),
  foreign key (company_id, calendar_connector_id)
    references calendar_connectors (company_id, id) on delete cascade
);

-- Calendar events a room declined and why (the organiser is told the same through the provider);
-- one row per event, so an event seen again in a later round is not declined twice.
create table calendar_sync_declines (
  id serial primary key,
  company_id integer not null,
  calendar_connector_id integer not null,
  calendar_id text not null,
  external_id text not null,
  resource_id integer,
  organizer text,
  subject text not null default '',
  starts_at timestamptz,
  ends_at timestamptz,
  reason text not null,
  created_at timestamptz not null default now(),
  unique (company_id, id),
  unique (company_id, calendar_connector_id, external_id),
  foreign key (company_id, calendar_connector_id)
    references calendar_connectors (company_id, id) on delete cascade
);

-- A booking of a room mapped to an active calendar connector was created, moved, cancelled,
-- released, checked out or approved/rejected: queue its push. Bookings the sync itself inserts
-- from calendar events (source 'calendar') need no push back.
create function queue_calendar_push() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' and new.source = 'calendar' then
    return new;
  end if;
  if new.resource_id is null and (tg_op = 'INSERT' or old.resource_id is null) then
    return new;
  end if;
  if exists (
    select 1 from calendar_connector_resources m
    join calendar_connectors c on c.company_id = m.company_id and c.id = m.calendar_connector_id
    where m.company_id = new.company_id and c.is_active
      and (m.resource_id = new.resource_id
        or (tg_op = 'UPDATE' and m.resource_id = old.resource_id))
  ) or (tg_op = 'UPDATE' and exists (
    select 1 from calendar_event_links l where l.company_id = new.company_id and l.declaration_id = new.id
  )) then
    insert into jobs (company_id, kind, key, payload)
    values (new.company_id, 'calendar.push', new.id::text, jsonb_build_object('declaration_id', new.id))
    on conflict (company_id, kind, key) where status = 'queued' do nothing;
    perform pg_notify('jobs_queued', 'calendar.push');
  end if;
  return new;
end
$$;

create trigger declarations_calendar_push
  after insert or update of starts_at, ends_at, status, approval_status, resource_id on declarations
  for each row execute function queue_calendar_push();
