-- Reception desks, visitors and their visits (spec §2 /reception-desks, /my-visitors, /my-visits,
-- /visitor-management/reception/:receptionDeskId, /reception-desk/{code}; docs/visitors.md).

create table reception_desks (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  level_id integer,
  parent_id integer,
  -- the user container every visitor registered at this desk joins (spec §5: the last container of
  -- such a desk's visitor cannot be deselected)
  user_container_id integer,
  language_id integer references languages (id),
  working_hours_from text not null default '08:00',
  working_hours_to text not null default '18:00',
  -- the public kiosk's address /reception-desk/{code}: 128 random bits
  kiosk_code text not null unique,
  created_at timestamptz not null default now(),
  unique (company_id, id),
  foreign key (company_id, level_id) references levels (company_id, id) on delete set null (level_id),
  foreign key (company_id, parent_id) references reception_desks (company_id, id) on delete set null (parent_id),
  foreign key (company_id, user_container_id) references user_containers (company_id, id)
    on delete set null (user_container_id),
  check (parent_id is null or parent_id <> id)
);

create table reception_desk_translations (
  company_id integer not null,
  reception_desk_id integer not null,
  language_id integer not null references languages (id),
  name text not null,
  primary key (company_id, reception_desk_id, language_id),
  foreign key (company_id, reception_desk_id) references reception_desks (company_id, id) on delete cascade
);

-- the user containers a host may put a visitor of this desk in
create table reception_desk_allowed_containers (
  company_id integer not null,
  reception_desk_id integer not null,
  container_id integer not null,
  primary key (company_id, reception_desk_id, container_id),
  foreign key (company_id, reception_desk_id) references reception_desks (company_id, id) on delete cascade,
  foreign key (company_id, container_id) references user_containers (company_id, id) on delete cascade
);

-- Promised by 0040_access_model: reception-desk containers now name real desks.
delete from container_reception_desks;
alter table container_reception_desks
  add foreign key (company_id, reception_desk_id) references reception_desks (company_id, id) on delete cascade;

create table visitors (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  reception_desk_id integer not null,
  host_id integer,
  first_name text not null default '',
  last_name text not null default '',
  email text not null default '',
  phone text not null default '',
  visitor_company text not null default '',
  disability text not null default '',
  language_id integer references languages (id),
  created_by integer,
  created_at timestamptz not null default now(),
  anonymised_at timestamptz,
  unique (company_id, id),
  foreign key (company_id, reception_desk_id) references reception_desks (company_id, id) on delete cascade,
  foreign key (company_id, host_id) references users (company_id, id) on delete set null (host_id),
  foreign key (company_id, created_by) references users (company_id, id) on delete set null (created_by)
);
create index visitors_email on visitors (company_id, lower(email));
create index visitors_host on visitors (company_id, host_id);

create table visitor_containers (
  company_id integer not null,
  visitor_id integer not null,
  container_id integer not null,
  primary key (company_id, visitor_id, container_id),
  foreign key (company_id, visitor_id) references visitors (company_id, id) on delete cascade,
  foreign key (company_id, container_id) references user_containers (company_id, id) on delete cascade
);

-- Statuses as Envoy names them: expected until the visitor arrives; checked in, then checked out;
-- or cancelled by the host, or marked a no-show by reception.
create table visits (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  visitor_id integer not null,
  reception_desk_id integer not null,
  host_id integer,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  status text not null default 'expected'
    check (status in ('expected', 'checked_in', 'checked_out', 'cancelled', 'no_show')),
  -- a group invitation's visits share it
  group_key uuid,
  -- what the invitation's QR code carries: 128 random bits, read by the desk's kiosk
  code text not null unique,
  checked_in_at timestamptz,
  checked_out_at timestamptz,
  created_by integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id),
  check (ends_at > starts_at),
  foreign key (company_id, visitor_id) references visitors (company_id, id) on delete cascade,
  foreign key (company_id, reception_desk_id) references reception_desks (company_id, id) on delete cascade,
  foreign key (company_id, host_id) references users (company_id, id) on delete set null (host_id),
  foreign key (company_id, created_by) references users (company_id, id) on delete set null (created_by)
);
create index visits_desk_day on visits (company_id, reception_desk_id, starts_at);
create index visits_host on visits (company_id, host_id, starts_at);
create index visits_visitor on visits (company_id, visitor_id);

-- Mails may now carry files (the invitation's QR code and calendar entry): [{filename, content_type, base64}]
alter table outbox add column attachments jsonb not null default '[]'::jsonb;
