-- One-click (spec §2 /one-click, §3 One-click widget): each user's own page of widgets. Kinds are
-- spec §3's: plan 1, spacePass 2, findPerson 3, info 4, map 5. A plan or map widget names a level;
-- an info widget has a title, a text, an optional link and an optional address of its own
-- (/one-click/{url_link_name}). spacePass and findPerson are "user widgets": one row each, switched
-- on and off. `position` orders every widget of the user's page together.
create table one_click_widgets (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  user_id integer not null,
  kind smallint not null check (kind between 1 and 5),
  level_id integer,
  title text not null default '',
  content text not null default '',
  url text,
  url_link_name text,
  position integer not null default 0,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  unique (company_id, id),
  unique (company_id, user_id, url_link_name),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade,
  foreign key (company_id, level_id) references levels (company_id, id) on delete cascade,
  check ((kind in (1, 5)) = (level_id is not null))
);
create index one_click_widgets_user on one_click_widgets (company_id, user_id, position, id);
-- one row per user widget kind
create unique index one_click_user_widgets on one_click_widgets (company_id, user_id, kind)
  where kind in (2, 3);

-- The contacts a user keeps on their page (spec §3 "persons"), with the persons section's switch.
create table one_click_contacts (
  company_id integer not null references companies (id) on delete cascade,
  user_id integer not null,
  contact_id integer not null,
  position integer not null default 0,
  primary key (company_id, user_id, contact_id),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade,
  foreign key (company_id, contact_id) references users (company_id, id) on delete cascade,
  check (contact_id <> user_id)
);

create table one_click_settings (
  company_id integer not null references companies (id) on delete cascade,
  user_id integer not null,
  persons_active boolean not null default true,
  primary key (company_id, user_id),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);

-- Find a person (issue 46): a user's own choice to be found or not; null follows the company's
-- FIND_PERSON_VISIBLE preference.
alter table users add column find_person_visible boolean;
