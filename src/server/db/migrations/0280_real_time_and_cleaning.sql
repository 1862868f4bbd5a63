-- Real-time maps: a wall screen reads a map by a 128-bit token (spec §7 temp token). Only its keyed
-- digest is kept; switching realtime off clears it, which revokes the token at once.
alter table maps add column realtime_token_digest text;
create unique index maps_realtime_token on maps (realtime_token_digest) where realtime_token_digest is not null;

-- Cleaning after use: who cleaned which resource when. A resource awaits cleaning while its last use
-- ended after its last cleaning (docs/real-time-and-cleaning.md).
create table resource_cleanings (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  resource_id integer not null,
  -- null once that person is deleted (users are deleted for good; the cleaning stays)
  cleaned_by integer references users (id) on delete set null,
  cleaned_at timestamptz not null default now(),
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade
);
create index resource_cleanings_latest on resource_cleanings (company_id, resource_id, cleaned_at desc);
