-- Issue 42, the rest of visitor management (docs/visitors.md): a reception desk's own e-mail per
-- type, the company's block list of visitor addresses, and the scheduler meeting a visit was
-- registered with (cancelling the meeting cancels the visit).

create table reception_desk_email_templates (
  company_id integer not null,
  reception_desk_id integer not null,
  type text not null check (type in ('invitation', 'arrival', 'departure', 'cancellation')),
  subject text not null check (char_length(subject) between 1 and 255),
  body text not null check (char_length(body) between 1 and 5000),
  updated_at timestamptz not null default now(),
  primary key (company_id, reception_desk_id, type),
  foreign key (company_id, reception_desk_id) references reception_desks (company_id, id) on delete cascade
);

create table visitor_blocked_emails (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  email text not null check (char_length(email) between 3 and 254),
  note text not null default '' check (char_length(note) <= 255),
  created_by integer,
  created_at timestamptz not null default now(),
  unique (company_id, id),
  foreign key (company_id, created_by) references users (company_id, id) on delete set null (created_by)
);
create unique index visitor_blocked_emails_address on visitor_blocked_emails (company_id, lower(email));

alter table visits add column scheduler_meeting_id integer;
alter table visits add foreign key (company_id, scheduler_meeting_id)
  references scheduler_meetings (company_id, id) on delete set null (scheduler_meeting_id);
create index visits_meeting on visits (company_id, scheduler_meeting_id) where scheduler_meeting_id is not null;
