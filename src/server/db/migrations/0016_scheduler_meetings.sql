-- Scheduler (issue 6, spec §2 /scheduler, §3 "Scheduler state", §7 Scheduler). A meeting made in the
-- browser app for people without Outlook: what the organiser filled in, and one row per room booked
-- for each occurrence (the bookings themselves are declarations, written in the same transaction).
create table scheduler_meetings (
  id integer generated always as identity,
  company_id integer not null references companies (id) on delete cascade,
  organizer_id integer not null,
  host_id integer not null,
  subject text not null check (char_length(subject) between 1 and 255),
  notes text not null default '' check (char_length(notes) <= 2000),
  timezone text not null check (char_length(timezone) <= 64),
  all_day boolean not null default false,
  private_meeting boolean not null default false,
  teams boolean not null default false,
  -- the first day and the wall-clock times in `timezone`
  date date not null,
  start_time time not null,
  end_time time not null,
  -- the §3 recurrence (dateRange, type, days, interval), null for a single meeting
  recurrence jsonb,
  -- [{ user_id, email, name, optional }]
  attendees jsonb not null default '[]',
  created_at timestamptz not null default now(),
  primary key (company_id, id),
  unique (id),
  foreign key (company_id, organizer_id) references users (company_id, id) on delete cascade,
  foreign key (company_id, host_id) references users (company_id, id) on delete cascade
);
create index scheduler_meetings_organizer on scheduler_meetings (company_id, organizer_id);

create table scheduler_meeting_bookings (
  company_id integer not null,
  meeting_id integer not null,
  occurrence integer not null check (occurrence >= 0),
  declaration_id integer not null,
  primary key (company_id, meeting_id, declaration_id),
  unique (company_id, declaration_id),
  foreign key (company_id, meeting_id) references scheduler_meetings (company_id, id) on delete cascade,
  foreign key (company_id, declaration_id) references declarations (company_id, id) on delete cascade
);
