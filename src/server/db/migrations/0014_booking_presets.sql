-- Booking presets (issue 7, spec §3 booking preset, §4 "presets can be activated, deactivated,
-- reordered"): a user's saved filters for /bookings and the grid. The filters are kept as JSON that
-- the server validates against the contract (PresetFilters) before writing; `order` places the preset
-- in the user's list.
create table booking_presets (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  user_id integer not null,
  name text not null check (char_length(btrim(name)) between 1 and 120),
  "order" integer not null default 0 check ("order" >= 0),
  is_active boolean not null default true,
  preset jsonb not null default '{}' check (jsonb_typeof(preset) = 'object'),
  created_at timestamptz not null default now(),
  unique (company_id, id),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);

create index booking_presets_user on booking_presets (company_id, user_id, "order", id);
