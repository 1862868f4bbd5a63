-- Connectors (issue 8, spec §2 /connectors, §3 "Calendar connector and fields ... intranet link",
-- §7 Connectors). Secrets (client secrets, passwords, refresh tokens) are stored only sealed by
-- src/server/integrations/secrets.ts (AES-256-GCM, bound to company and row); reads show a mask.

-- The kinds of connector the overview offers (spec §7 "connector types/all"); the same for every
-- company, so not a tenant table.
create table connector_types (
  id integer primary key,
  key text not null unique,
  name text not null
);
insert into connector_types (id, key, name) values
  (1, 'sso', 'Single sign-on'),
  (2, 'calendar', 'Calendar'),
  (3, 'intranet', 'Intranet');

-- A connection to a calendar service: Microsoft 365 (Graph), Google Calendar or a CalDAV server.
create table calendar_connectors (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  provider text not null check (provider in ('outlook', 'google', 'caldav')),
  name text not null check (btrim(name) <> ''),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id)
);

-- Its settings, one row per field (spec: calendar fields), keyed by the provider's field catalogue
-- (src/shared/contract/connectors.ts CALENDAR_FIELDS): tenant id, client id, endpoints, ... A secret
-- field keeps only sealed_value; a plain one only value.
create table calendar_connector_fields (
  id serial primary key,
  company_id integer not null,
  calendar_connector_id integer not null,
  field_key text not null check (field_key ~ '^[a-z][a-z0-9_]{0,62}$'),
  value text not null default '',
  sealed_value text,
  is_secret boolean not null default false,
  check (not is_secret or value = ''),
  check (is_secret or sealed_value is null),
  unique (company_id, id),
  unique (company_id, calendar_connector_id, field_key),
  foreign key (company_id, calendar_connector_id)
    references calendar_connectors (company_id, id) on delete cascade
);

-- Rooms synchronised with a calendar: the room mailbox (Outlook), the resource calendar id
-- (Google) or the calendar collection URL (CalDAV). A room follows one calendar only, or two
-- syncs would fight over its bookings; a calendar belongs to one room of a connector.
create table calendar_connector_resources (
  company_id integer not null,
  calendar_connector_id integer not null,
  resource_id integer not null,
  calendar_id text not null check (btrim(calendar_id) <> ''),
  created_at timestamptz not null default now(),
  primary key (company_id, calendar_connector_id, resource_id),
  unique (company_id, resource_id),
  foreign key (company_id, calendar_connector_id)
    references calendar_connectors (company_id, id) on delete cascade,
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade
);
create unique index calendar_connector_resources_calendar
  on calendar_connector_resources (company_id, calendar_connector_id, lower(calendar_id));

-- Users who linked their own Outlook or Google calendar (spec §2 profile sync-with-outlook,
-- sync-with-google; §7 "linked users"). Pending while the provider's consent screen is open: the
-- state handed to the provider is kept only as a digest and expires.
create table calendar_linked_users (
  id serial primary key,
  company_id integer not null,
  user_id integer not null,
  provider text not null check (provider in ('outlook', 'google')),
  calendar_connector_id integer not null,
  status text not null default 'pending' check (status in ('pending', 'linked')),
  state_digest text,
  state_expires_at timestamptz,
  account_email text,
  sealed_refresh_token text,
  linked_at timestamptz,
  created_at timestamptz not null default now(),
  unique (company_id, id),
  unique (company_id, user_id, provider),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade,
  foreign key (company_id, calendar_connector_id)
    references calendar_connectors (company_id, id) on delete cascade
);
create unique index calendar_linked_users_state on calendar_linked_users (company_id, state_digest)
  where state_digest is not null;

-- Links to the company's intranet shown to its users.
create table intranet_links (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  name text not null check (btrim(name) <> ''),
  url text not null,
  is_active boolean not null default true,
  position integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id)
);
create index intranet_links_company on intranet_links (company_id, position, id);
