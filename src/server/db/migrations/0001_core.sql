-- Core schema: reference data, companies, users, permissions and the containers that grant them.
-- Tenant tables carry company_id NOT NULL, and every unique key on them includes company_id;
-- children point at their parent through (company_id, id) so a row can never cross tenants.

create extension if not exists btree_gist;

create table countries (
  id serial primary key,
  code text not null unique,
  name text not null
);

create table currencies (
  id serial primary key,
  code text not null unique,
  name text not null,
  symbol text not null
);

create table languages (
  id serial primary key,
  code text not null unique,
  locale text not null,
  name text not null
);

create table timezones (
  id serial primary key,
  name text not null unique,
  utc_offset text not null check (utc_offset ~ '^[+-]\d{2}:\d{2}$')
);

create table data_regions (
  id serial primary key,
  code text not null unique,
  name text not null
);

create table company_types (
  id serial primary key,
  code text not null unique,
  name text not null
);

create table applications (
  id integer primary key,
  key text not null unique,
  name text not null
);

create table application_versions (
  id serial primary key,
  application_id integer not null references applications (id),
  version text not null,
  notes text not null default '',
  released_at timestamptz not null default now(),
  unique (application_id, version)
);

create table preference_categories (
  id serial primary key,
  key text not null unique,
  name text not null
);

create table device_templates (
  id serial primary key,
  name text not null unique,
  device_type text not null
);

create table permissions (
  id serial primary key,
  name text not null unique,
  type text not null check (type in ('CRUD', 'LOGICAL', 'NUMERICAL'))
);

create table labels (
  id serial primary key,
  code text not null unique
);

create table label_translations (
  label_id integer not null references labels (id) on delete cascade,
  language_code text not null references languages (code),
  content text not null,
  primary key (label_id, language_code)
);

create table help_pages (
  id serial primary key,
  path text not null unique
);

create table help_page_translations (
  help_page_id integer not null references help_pages (id) on delete cascade,
  language_code text not null references languages (code),
  title text not null,
  html text not null,
  primary key (help_page_id, language_code)
);

create table companies (
  id serial primary key,
  subdomain text not null unique check (subdomain ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'),
  name text not null,
  country_id integer not null references countries (id),
  language_id integer not null references languages (id),
  timezone text not null references timezones (name),
  currency_id integer not null references currencies (id),
  data_region_id integer not null references data_regions (id),
  company_type_id integer not null references company_types (id),
  created_at timestamptz not null default now()
);

-- company_id is null only for platform administrators, who work in the master area.
create table users (
  id serial primary key,
  company_id integer references companies (id) on delete cascade,
  email text not null check (email = lower(email)),
  password_hash text,
  first_name text not null default '',
  last_name text not null default '',
  language_id integer not null references languages (id),
  country_id integer references countries (id),
  timezone text not null references timezones (name),
  is_platform_admin boolean not null default false,
  is_visitor boolean not null default false,
  sso boolean not null default false,
  camera boolean not null default false,
  created_at timestamptz not null default now(),
  check ((company_id is null) = is_platform_admin),
  unique (company_id, id),
  unique (company_id, email)
);
create unique index users_platform_email on users (email) where company_id is null;

create table roles (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  name text not null,
  unique (company_id, id),
  unique (company_id, name)
);

create table role_permissions (
  company_id integer not null,
  role_id integer not null,
  permission_id integer not null references permissions (id),
  can_create boolean not null default false,
  can_read boolean not null default false,
  can_update boolean not null default false,
  can_delete boolean not null default false,
  value integer,
  is_active boolean not null default true,
  primary key (company_id, role_id, permission_id),
  foreign key (company_id, role_id) references roles (company_id, id) on delete cascade
);

create table user_containers (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  name text not null,
  access_type text not null default 'USER',
  unique (company_id, id),
  unique (company_id, name)
);

create table user_container_members (
  company_id integer not null,
  container_id integer not null,
  user_id integer not null,
  primary key (company_id, container_id, user_id),
  foreign key (company_id, container_id) references user_containers (company_id, id) on delete cascade,
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);
create index user_container_members_user on user_container_members (company_id, user_id);

create table user_container_roles (
  company_id integer not null,
  container_id integer not null,
  role_id integer not null,
  primary key (company_id, container_id, role_id),
  foreign key (company_id, container_id) references user_containers (company_id, id) on delete cascade,
  foreign key (company_id, role_id) references roles (company_id, id) on delete cascade
);

-- A company's preferences (spec §3 Preference); a user's row overrides the company's for that user.
create table company_preferences (
  company_id integer not null references companies (id) on delete cascade,
  key text not null,
  category_id integer not null references preference_categories (id),
  value text,
  is_automatic boolean not null default false,
  primary key (company_id, key)
);

create table user_preferences (
  company_id integer not null,
  user_id integer not null,
  key text not null,
  value text,
  is_automatic boolean,
  primary key (company_id, user_id, key),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade,
  foreign key (company_id, key) references company_preferences (company_id, key) on delete cascade
);

create table company_documents (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  publish_date timestamptz not null default now(),
  created_at timestamptz not null default now(),
  unique (company_id, id)
);

create table company_document_translations (
  company_id integer not null,
  document_id integer not null,
  language_code text not null references languages (code),
  name text not null,
  content text not null,
  primary key (company_id, document_id, language_code),
  foreign key (company_id, document_id) references company_documents (company_id, id) on delete cascade
);

create table company_document_applications (
  company_id integer not null,
  document_id integer not null,
  application_id integer not null references applications (id),
  primary key (company_id, document_id, application_id),
  foreign key (company_id, document_id) references company_documents (company_id, id) on delete cascade
);
create index company_document_applications_application on company_document_applications (company_id, application_id);

create table document_acceptances (
  company_id integer not null,
  document_id integer not null,
  user_id integer not null,
  accepted_at timestamptz not null default now(),
  primary key (company_id, document_id, user_id),
  foreign key (company_id, document_id) references company_documents (company_id, id) on delete cascade,
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);
