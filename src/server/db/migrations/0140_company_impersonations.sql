-- "Open company as administrator" (issue 39): a platform administrator acts as one of the company's
-- administrators for a limited time, for a stated reason. Each opening is a row the company's
-- administrators can read; the session it opens points at it, and every change made through that
-- session is a row of impersonation_actions.
create table company_impersonations (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  -- the platform administrator; their e-mail is kept so the record outlives their account
  platform_user_id integer references users (id) on delete set null,
  platform_user_email text not null,
  -- the company administrator whose rights the session carries
  acting_user_id integer,
  acting_user_email text not null,
  reason text not null,
  started_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ended_at timestamptz,
  unique (company_id, id),
  foreign key (company_id, acting_user_id) references users (company_id, id) on delete set null (acting_user_id)
);
create index company_impersonations_company on company_impersonations (company_id, started_at desc);

create table impersonation_actions (
  id bigserial,
  company_id integer not null,
  impersonation_id integer not null,
  at timestamptz not null default now(),
  method text not null,
  -- the route's pattern (/api/company/v1/levels/:id), never its query or body
  route text not null,
  status integer not null,
  primary key (company_id, id),
  foreign key (company_id, impersonation_id) references company_impersonations (company_id, id) on delete cascade
);
create index impersonation_actions_of on impersonation_actions (company_id, impersonation_id, at);

-- The hand-over code and the session of an impersonation carry it.
alter table handover_codes add column impersonation_id integer;
alter table handover_codes add foreign key (company_id, impersonation_id)
  references company_impersonations (company_id, id) on delete cascade;
alter table sessions add column impersonation_id integer;
alter table sessions add foreign key (company_id, impersonation_id)
  references company_impersonations (company_id, id) on delete cascade;
