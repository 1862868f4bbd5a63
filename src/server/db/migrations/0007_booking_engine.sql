-- The booking engine (issue 5, spec §4 and §7 Declarations): what a booking records beyond its
-- resource, user and times, and the guarantee that an exclusive resource is never booked twice.

alter table declarations
  -- who made it (the host books for themself from the plan; a BOOKINGS user may book for another)
  add column created_by integer,
  add column subject text not null default '' check (char_length(subject) <= 255),
  -- a private booking shows its subject to its host only
  add column is_private boolean not null default false,
  add column slot_type text not null default 'hours'
    check (slot_type in ('all-day', 'half-day', 'hours', '30-minutes', '15-minutes')),
  -- on_request resources start pending; a rejected booking holds nothing
  add column approval_status text not null default 'approved'
    check (approval_status in ('pending', 'approved', 'rejected')),
  -- the resource's capacity type when booked: a constraint's WHERE sees only this row, never the
  -- resource, so the fact that decides "one at a time" is copied here
  add column exclusive boolean not null default true,
  add column checked_in_at timestamptz,
  add column checked_out_at timestamptz,
  add column released_at timestamptz,
  add column cancelled_at timestamptz,
  -- the resource's 'currency' function: price per hour × booked hours, in the currency's minor unit
  add column cost_cents integer check (cost_cents >= 0),
  add column currency_id integer references currencies (id),
  add column source text not null default 'plan'
    check (source in ('plan', 'outlook', 'scheduler', 'grid', 'calendar')),
  -- the booking's id in an outside calendar (Outlook and the connectors fill it later)
  add column external_ref text,
  add column period tstzrange generated always as (tstzrange(starts_at, ends_at, '[)')) stored,
  add foreign key (company_id, created_by) references users (company_id, id),
  add check ((cost_cents is null) = (currency_id is null));

-- ARCHITECTURE.md: no double booking by construction. Two active bookings of one exclusive
-- resource never overlap, whatever the number of server processes; the loser of a race gets
-- SQLSTATE 23P01, which the service answers as 409.
alter table declarations
  add constraint declarations_no_double_booking
  exclude using gist (company_id with =, resource_id with =, period with &&)
  where (exclusive and status in ('booked', 'checked_in') and approval_status <> 'rejected');

-- a user's bookings of a day (the list, the calendar, the per-user limit)
create index declarations_user_time on declarations (company_id, user_id, starts_at);
-- auto-release scans only the bookings still waiting for their check-in
create index declarations_awaiting_check_in on declarations (starts_at) where status = 'booked';
