-- Report settings (spec §3: one colour per report, and demo) and each user's filter presets per
-- report section (spec §3 search preset: name, section, is_active, preset, order; §4 selecting a
-- preset deselects the others).
create table report_settings (
  company_id integer primary key references companies (id) on delete cascade,
  min_average_max_report_color text not null default '#0f6cbd' check (min_average_max_report_color ~ '^#[0-9a-f]{6}$'),
  historical_occupancy_report_color text not null default '#107c10' check (historical_occupancy_report_color ~ '^#[0-9a-f]{6}$'),
  prediction_daily_report_color text not null default '#8764b8' check (prediction_daily_report_color ~ '^#[0-9a-f]{6}$'),
  prediction_weekday_report_color text not null default '#ca5010' check (prediction_weekday_report_color ~ '^#[0-9a-f]{6}$'),
  demo boolean not null default false
);

create table report_presets (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  user_id integer not null,
  section text not null check (char_length(section) between 1 and 40),
  name text not null check (char_length(btrim(name)) between 1 and 120),
  "order" integer not null default 0 check ("order" >= 0),
  is_active boolean not null default false,
  preset jsonb not null check (jsonb_typeof(preset) = 'object'),
  created_at timestamptz not null default now(),
  unique (company_id, id),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);
create index report_presets_user on report_presets (company_id, user_id, section, "order", id);
-- spec §4: one selected preset per user and section
create unique index report_presets_one_active on report_presets (company_id, user_id, section) where is_active;
