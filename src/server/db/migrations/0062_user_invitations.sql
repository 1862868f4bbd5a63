-- spec §2 /manage-users add-user: the new user is mailed a link that sets their first password and
-- signs them in. Only the token's digest is stored; a new invitation closes the previous ones.
create table user_invitations (
  id serial primary key,
  company_id integer not null,
  user_id integer not null,
  token_hash text not null unique,
  invited_by integer,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  unique (company_id, id),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade,
  foreign key (company_id, invited_by) references users (company_id, id) on delete set null (invited_by)
);
create index user_invitations_user on user_invitations (company_id, user_id) where used_at is null;
