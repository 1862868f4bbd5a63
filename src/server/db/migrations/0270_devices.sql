-- Devices and room displays (issue 47) and the reception desk's device template (issue 42).
-- A company's device templates say how a display or a kiosk looks and what it offers; a device is a
-- tablet bound to one resource, reached by a revocable code of which only a digest is kept.
create table company_device_templates (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  name text not null check (btrim(name) <> '' and length(name) <= 120),
  device_type text not null check (device_type in ('DISPLAY', 'RECEPTION_DESK')),
  -- the page's language; null: the company's
  language_id integer references languages (id),
  accent text not null default 'brand',
  -- what the page offers (display: book_now, check_in, check_out; kiosk: scan, typed)
  actions text[] not null,
  -- the book-now lengths a display offers, in minutes
  durations integer[] not null default '{}',
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  unique (company_id, id)
);
-- one default per company and device type
create unique index company_device_templates_one_default
  on company_device_templates (company_id, device_type) where is_default;

create table devices (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  name text not null check (btrim(name) <> '' and length(name) <= 120),
  device_type text not null default 'DISPLAY' check (device_type in ('DISPLAY')),
  resource_id integer not null,
  template_id integer not null,
  -- sha-256 of the 128-bit code in the display's address: the code itself is shown once
  code_digest text not null,
  code_issued_at timestamptz not null default now(),
  last_heartbeat_at timestamptz,
  created_at timestamptz not null default now(),
  unique (company_id, id),
  unique (company_id, code_digest),
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade,
  foreign key (company_id, template_id) references company_device_templates (company_id, id)
);

-- The people a device acts for (the booker: the account a display's bookings are made for, at most
-- one) or who look after it (contacts).
create table device_users (
  company_id integer not null,
  device_id integer not null,
  user_id integer not null,
  type text not null check (type in ('booker', 'contact')),
  primary key (company_id, device_id, user_id),
  foreign key (company_id, device_id) references devices (company_id, id) on delete cascade,
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);
create unique index device_users_one_booker on device_users (company_id, device_id) where type = 'booker';

-- The reception desk's kiosk follows a template of type RECEPTION_DESK (null: the company's default).
alter table reception_desks add column device_template_id integer;
alter table reception_desks add foreign key (company_id, device_template_id)
  references company_device_templates (company_id, id) on delete set null (device_template_id);

-- A booking made at a room display says so.
alter table declarations drop constraint declarations_source_check;
alter table declarations add constraint declarations_source_check
  check (source in ('plan', 'outlook', 'scheduler', 'grid', 'calendar', 'display'));
