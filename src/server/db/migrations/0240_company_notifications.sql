-- Company notifications (spec §2 /company-notifications, §3 "Company notification"): a message an
-- administrator sends to all users, to the members of user containers or to chosen users, now or at
-- send_at. A server process claims each due notification once (FOR UPDATE SKIP LOCKED) and writes one
-- user_notifications row per recipient; the unique (notification, user) key makes each delivery
-- happen once whatever the number of processes. sent_at set: delivered, no longer editable.
create table company_notifications (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  send_to text not null check (send_to in ('all_users', 'user_containers', 'users')),
  send_at timestamptz not null,
  -- the validity window: a period (datetime_from, datetime_to) or one day of the company's calendar
  datetime_from timestamptz,
  datetime_to timestamptz,
  day date,
  sent_at timestamptz,
  recipients integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id),
  check (datetime_to is null or datetime_from is null or datetime_to > datetime_from),
  check (day is null or (datetime_from is null and datetime_to is null))
);
create index company_notifications_due on company_notifications (send_at) where sent_at is null;
create index company_notifications_list on company_notifications (company_id, send_at desc, id desc);

create table company_notification_translations (
  company_id integer not null,
  notification_id integer not null,
  language_id integer not null references languages (id),
  name text not null,
  description text not null default '',
  primary key (company_id, notification_id, language_id),
  foreign key (company_id, notification_id) references company_notifications (company_id, id)
    on delete cascade
);

create table company_notification_containers (
  company_id integer not null,
  notification_id integer not null,
  container_id integer not null,
  primary key (company_id, notification_id, container_id),
  foreign key (company_id, notification_id) references company_notifications (company_id, id)
    on delete cascade,
  foreign key (company_id, container_id) references user_containers (company_id, id) on delete cascade
);

create table company_notification_users (
  company_id integer not null,
  notification_id integer not null,
  user_id integer not null,
  primary key (company_id, notification_id, user_id),
  foreign key (company_id, notification_id) references company_notifications (company_id, id)
    on delete cascade,
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);

-- One row per notification and recipient: the delivery itself, read and deleted by its user.
create table user_notifications (
  id serial primary key,
  company_id integer not null,
  notification_id integer not null,
  user_id integer not null,
  delivered_at timestamptz not null,
  read_at timestamptz,
  unique (company_id, id),
  unique (company_id, notification_id, user_id),
  foreign key (company_id, notification_id) references company_notifications (company_id, id)
    on delete cascade,
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);
create index user_notifications_of_user on user_notifications (company_id, user_id, delivered_at desc, id desc);
