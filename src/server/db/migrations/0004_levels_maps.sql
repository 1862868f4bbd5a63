-- Levels (site, building, floor, zone), their floor maps and QR codes (spec §3 Level, Map; §7 Levels, Maps).
-- Like every tenant table: company_id NOT NULL, unique keys include it, children point at (company_id, id).

create table maps (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  name text not null,
  mime text not null check (mime in ('image/png', 'image/jpeg', 'image/svg+xml')),
  bytes bytea not null,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  sha256 text not null,
  realtime smallint not null default 0 check (realtime in (0, 1)),
  created_at timestamptz not null default now(),
  unique (company_id, id)
);

create table levels (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  parent_id integer,
  kind text not null check (kind in ('site', 'building', 'floor', 'zone')),
  timezone text not null references timezones (name),
  country_id integer references countries (id),
  working_hours_from time not null default '00:00',
  working_hours_to time not null default '23:59',
  is_default boolean not null default false,
  is_declarable boolean not null default false,
  is_directly_declarable boolean not null default false,
  map_id integer,
  position integer not null default 0,
  created_at timestamptz not null default now(),
  unique (company_id, id),
  foreign key (company_id, parent_id) references levels (company_id, id),
  foreign key (company_id, map_id) references maps (company_id, id),
  check (parent_id is null or parent_id <> id),
  check (working_hours_from < working_hours_to)
);
create index levels_parent on levels (company_id, parent_id);
-- At most one default level per company (spec §2: a default level is auto-selected).
create unique index levels_one_default on levels (company_id) where is_default;

-- Names per language. "Unique per parent per language" spans rows of two tables, so the service
-- checks it under the company's level lock (see levels.service.ts).
create table level_translations (
  company_id integer not null,
  level_id integer not null,
  language_id integer not null references languages (id),
  name text not null check (btrim(name) <> ''),
  primary key (company_id, level_id, language_id),
  foreign key (company_id, level_id) references levels (company_id, id) on delete cascade
);

create table level_favorites (
  company_id integer not null,
  user_id integer not null,
  level_id integer not null,
  created_at timestamptz not null default now(),
  primary key (company_id, user_id, level_id),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade,
  foreign key (company_id, level_id) references levels (company_id, id) on delete cascade
);

-- How often a user went to a level (spec §2 "most frequently used", limit 3). The booking engine
-- counts visits here; the levels API only reads it.
create table level_visits (
  company_id integer not null,
  user_id integer not null,
  level_id integer not null,
  visits integer not null default 0 check (visits >= 0),
  last_visit_at timestamptz not null default now(),
  primary key (company_id, user_id, level_id),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade,
  foreign key (company_id, level_id) references levels (company_id, id) on delete cascade
);

-- spec §3 entity kinds: 1 resource, 2 level. The code is resolved by the public /qrcode-read/{code}
-- route before any company is known, so it is unique on its own: a random 128-bit value, never a
-- key that could collide across tenants.
create table qr_codes (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  code text not null unique check (code ~ '^[A-Za-z0-9_-]{16,64}$'),
  entity_kind smallint not null check (entity_kind in (1, 2)),
  entity_id integer not null,
  created_at timestamptz not null default now(),
  unique (company_id, entity_kind, entity_id)
);
