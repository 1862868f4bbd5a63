-- Resources (desks, rooms, parking spaces, lockers, equipment) and what hangs off them
-- (spec §2 /resources, §3 Resource, §7 Resources). Tenant rules as everywhere: company_id NOT NULL,
-- children point at (company_id, id), so no row can name another company's row.

create table resources (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  level_id integer not null,
  resource_type_id integer not null,
  -- exclusive: one booking at a time (capacity is the number of seats); shared: up to capacity
  -- bookings at a time (a parking area, an open zone).
  resource_capacity_type text not null default 'exclusive'
    check (resource_capacity_type in ('exclusive', 'shared')),
  -- bookable: anyone allowed books it; on_request: bookings wait for approval; assigned: kept for
  -- the users it is assigned to; not_bookable: shown on the map only.
  resource_model text not null default 'bookable'
    check (resource_model in ('bookable', 'on_request', 'assigned', 'not_bookable')),
  capacity integer not null default 1 check (capacity between 1 and 10000),
  max_capacity integer not null default 1 check (max_capacity between 1 and 10000),
  propagate_capacity boolean not null default true,
  description text not null default '',
  -- the room's mailbox, used by the Outlook add-in and calendar connectors
  email text,
  -- where the resource sits on the floor plan of its level (or of the nearest ancestor with one),
  -- as fractions of the image's width and height, so a re-drawn plan of another size keeps them.
  map_x double precision check (map_x between 0 and 1),
  map_y double precision check (map_y between 0 and 1),
  position integer not null default 0,
  created_at timestamptz not null default now(),
  unique (company_id, id),
  foreign key (company_id, level_id) references levels (company_id, id),
  foreign key (company_id, resource_type_id) references resource_types (company_id, id),
  check (capacity <= max_capacity),
  check ((map_x is null) = (map_y is null))
);
create index resources_level on resources (company_id, level_id);
create index resources_type on resources (company_id, resource_type_id);

-- Names per language. "Unique within the level per language" spans two tables, so the service
-- checks it under the level's lock (see resources.service.ts).
create table resource_translations (
  company_id integer not null,
  resource_id integer not null,
  language_id integer not null references languages (id),
  name text not null check (btrim(name) <> ''),
  primary key (company_id, resource_id, language_id),
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade
);
create index resource_translations_name on resource_translations (company_id, language_id, lower(name));

create table resource_resource_attributes (
  company_id integer not null,
  resource_id integer not null,
  resource_attribute_id integer not null,
  primary key (company_id, resource_id, resource_attribute_id),
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade,
  foreign key (company_id, resource_attribute_id) references resource_attributes (company_id, id)
);
create index resource_resource_attributes_attribute
  on resource_resource_attributes (company_id, resource_attribute_id);

create table resource_favorites (
  company_id integer not null,
  user_id integer not null,
  resource_id integer not null,
  created_at timestamptz not null default now(),
  primary key (company_id, user_id, resource_id),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade,
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade
);

-- One picture per resource (the info card and the plan show it).
create table resource_images (
  company_id integer not null,
  resource_id integer not null,
  mime text not null check (mime in ('image/png', 'image/jpeg', 'image/svg+xml')),
  bytes bytea not null,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  sha256 text not null,
  updated_at timestamptz not null default now(),
  primary key (company_id, resource_id),
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade
);

-- When the resource can be booked: weekly windows (ISO weekdays 1 = Monday … 7 = Sunday), optionally
-- only between two dates. A resource without any follows its level's working hours.
create table resource_availabilities (
  id serial primary key,
  company_id integer not null,
  resource_id integer not null,
  weekdays smallint[] not null check (cardinality(weekdays) between 1 and 7 and weekdays <@ array[1,2,3,4,5,6,7]::smallint[]),
  time_from time not null,
  time_to time not null,
  date_from date,
  date_to date,
  unique (company_id, id),
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade,
  check (time_from < time_to),
  check (date_from is null or date_to is null or date_from <= date_to)
);
create index resource_availabilities_resource on resource_availabilities (company_id, resource_id);

-- When it cannot be booked whatever the availability says (maintenance, an event), with a reason.
create table resource_unavailabilities (
  id serial primary key,
  company_id integer not null,
  resource_id integer not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  reason text not null default '',
  unique (company_id, id),
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade,
  check (starts_at < ends_at)
);
create index resource_unavailabilities_resource on resource_unavailabilities (company_id, resource_id, starts_at);

-- spec §2 "capacity (capacity type and time)": a capacity that holds between two dates instead of
-- the resource's own (a room reduced for works, a zone opened up for an event).
create table resource_date_capacities (
  id serial primary key,
  company_id integer not null,
  resource_id integer not null,
  date_from date not null,
  date_to date not null,
  capacity integer not null check (capacity between 0 and 10000),
  unique (company_id, id),
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade,
  check (date_from <= date_to)
);
create index resource_date_capacities_resource on resource_date_capacities (company_id, resource_id, date_from);

-- spec §3 "Function type: active, resource_function_type_id". The settings of each function live in
-- its own columns; linked and distance resources in resource_function_resources.
create table resource_functions (
  company_id integer not null,
  resource_id integer not null,
  function_key text not null
    check (function_key in ('linked-resources', 'distance-resources', 'language', 'device-template', 'currency')),
  active boolean not null default true,
  language_id integer references languages (id),
  device_template_id integer references device_templates (id),
  currency_id integer references currencies (id),
  -- the cost of one booking hour, in the currency's minor unit
  price_cents integer check (price_cents between 0 and 100000000),
  primary key (company_id, resource_id, function_key),
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade
);

create table resource_function_resources (
  company_id integer not null,
  resource_id integer not null,
  function_key text not null check (function_key in ('linked-resources', 'distance-resources')),
  other_resource_id integer not null,
  primary key (company_id, resource_id, function_key, other_resource_id),
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade,
  foreign key (company_id, other_resource_id) references resources (company_id, id) on delete cascade,
  check (resource_id <> other_resource_id)
);

-- Who may book it: the roles listed; no row means everyone who may use the plan.
create table resource_roles (
  company_id integer not null,
  resource_id integer not null,
  role_id integer not null,
  primary key (company_id, resource_id, role_id),
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade,
  foreign key (company_id, role_id) references roles (company_id, id) on delete cascade
);

-- The kinds of service a resource offers (catering, equipment…). The services module orders them.
create table service_types (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  key text not null check (key ~ '^[a-z0-9]+([_-][a-z0-9]+)*$'),
  name text not null check (btrim(name) <> ''),
  unique (company_id, id),
  unique (company_id, key)
);

create table resource_service_types (
  company_id integer not null,
  resource_id integer not null,
  service_type_id integer not null,
  primary key (company_id, resource_id, service_type_id),
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade,
  foreign key (company_id, service_type_id) references service_types (company_id, id) on delete cascade
);

-- Bookings ("declarations", spec §7). The booking engine (next issue) adds its columns and the
-- exclusion constraint; the table is here now because deleting a level or resource with future
-- bookings is refused (issue 4), and that refusal must be real from the start.
create table declarations (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  resource_id integer not null,
  user_id integer not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  status text not null default 'booked'
    check (status in ('booked', 'checked_in', 'checked_out', 'released', 'cancelled')),
  created_at timestamptz not null default now(),
  unique (company_id, id),
  foreign key (company_id, resource_id) references resources (company_id, id),
  foreign key (company_id, user_id) references users (company_id, id),
  check (starts_at < ends_at)
);
create index declarations_resource_time on declarations (company_id, resource_id, ends_at);
