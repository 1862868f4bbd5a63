-- Resource types (desk, room, parking, locker, equipment…) and resource attributes (monitor,
-- whiteboard…), each with a name per language (spec §2 /resource-types, /resource-attributes).
-- Resources will point at them through (company_id, id), so the unique (company_id, id) keys are the
-- targets of those foreign keys. A name is unique within a company per language, whatever its case.

create table resource_types (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  key text not null check (key ~ '^[a-z0-9]+([_-][a-z0-9]+)*$'),
  icon text,
  is_bookable boolean not null default true,
  created_at timestamptz not null default now(),
  unique (company_id, id),
  unique (company_id, key)
);

create table resource_type_translations (
  company_id integer not null,
  resource_type_id integer not null,
  language_id integer not null references languages (id),
  name text not null check (btrim(name) <> ''),
  primary key (company_id, resource_type_id, language_id),
  foreign key (company_id, resource_type_id) references resource_types (company_id, id) on delete cascade
);
create unique index resource_type_translations_name
  on resource_type_translations (company_id, language_id, lower(name));

create table resource_attributes (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  key text not null check (key ~ '^[a-z0-9]+([_-][a-z0-9]+)*$'),
  icon text,
  created_at timestamptz not null default now(),
  unique (company_id, id),
  unique (company_id, key)
);

create table resource_attribute_translations (
  company_id integer not null,
  resource_attribute_id integer not null,
  language_id integer not null references languages (id),
  name text not null check (btrim(name) <> ''),
  primary key (company_id, resource_attribute_id, language_id),
  foreign key (company_id, resource_attribute_id) references resource_attributes (company_id, id) on delete cascade
);
create unique index resource_attribute_translations_name
  on resource_attribute_translations (company_id, language_id, lower(name));
