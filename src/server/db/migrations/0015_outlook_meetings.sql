-- Outlook add-in (issue 6, spec §2 /outlook, §7 Outlook). The server keeps which bookings a meeting
-- holds, so reopening the meeting in Outlook shows its room whatever the item's custom properties
-- say: the server, not the item, is the source of truth. A meeting is known by the key the pane
-- writes into the item's custom properties (an item id changes when a draft is first saved).
create table outlook_meetings (
  company_id integer not null references companies (id) on delete cascade,
  meeting_key text not null check (char_length(meeting_key) between 8 and 100),
  organizer_id integer not null,
  -- the item's Exchange id once Outlook has saved it (null for a draft)
  item_id text check (char_length(item_id) <= 500),
  resource_id integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (company_id, meeting_key),
  foreign key (company_id, organizer_id) references users (company_id, id) on delete cascade,
  foreign key (company_id, resource_id) references resources (company_id, id) on delete set null (resource_id)
);

-- one row per occurrence's booking (a single meeting has one)
create table outlook_meeting_bookings (
  company_id integer not null,
  meeting_key text not null,
  declaration_id integer not null,
  primary key (company_id, meeting_key, declaration_id),
  unique (company_id, declaration_id),
  foreign key (company_id, meeting_key) references outlook_meetings (company_id, meeting_key) on delete cascade,
  foreign key (company_id, declaration_id) references declarations (company_id, id) on delete cascade
);
