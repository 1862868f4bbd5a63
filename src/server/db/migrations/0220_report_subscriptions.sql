-- Weekly report mails (issue 44): a user subscribes one of their report presets to a mail on a
-- weekday and hour of their own clock, the CSV attached or not. next_at is the next sending; a
-- server process claims each due subscription once (FOR UPDATE SKIP LOCKED) and moves it a week on.
-- The preset must be the subscriber's own: the foreign key names the preset with its user.
create unique index report_presets_of_user on report_presets (company_id, user_id, id);

create table report_subscriptions (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  user_id integer not null,
  preset_id integer not null,
  weekday smallint not null check (weekday between 0 and 6),
  hour smallint not null check (hour between 0 and 23),
  attach_csv boolean not null default true,
  next_at timestamptz not null,
  last_sent_at timestamptz,
  created_at timestamptz not null default now(),
  unique (company_id, id),
  -- one weekly mail per preset
  unique (company_id, preset_id),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade,
  foreign key (company_id, user_id, preset_id) references report_presets (company_id, user_id, id)
    on delete cascade
);
create index report_subscriptions_user on report_subscriptions (company_id, user_id, id);
create index report_subscriptions_due on report_subscriptions (next_at);
