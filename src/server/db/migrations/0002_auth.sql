-- Sessions, single-use codes, login throttling, outgoing mail, SSO domains.
-- Rows that belong to a platform administrator have company_id null, like the user they belong to.

create table sessions (
  jti uuid primary key,
  user_id integer not null references users (id) on delete cascade,
  company_id integer references companies (id) on delete cascade,
  issued_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  replaced_by uuid
);
create index sessions_user on sessions (user_id) where revoked_at is null;

-- The hand-over from the master host to the company host (spec §4): single use, one minute.
create table handover_codes (
  company_id integer not null,
  code_hash text not null,
  user_id integer not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  primary key (company_id, code_hash),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);

create table password_resets (
  id serial primary key,
  company_id integer references companies (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  token_hash text not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);

create table temp_codes (
  id serial primary key,
  company_id integer references companies (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  code_hash text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index temp_codes_lookup on temp_codes (code_hash, expires_at);

-- Failed and successful sign-in attempts, so that every server process counts the same failures.
-- scope is the company id, or 'master'.
create table login_attempts (
  id bigserial primary key,
  scope text not null,
  account text not null,
  ip text not null,
  succeeded boolean not null,
  created_at timestamptz not null default now()
);
create index login_attempts_account on login_attempts (scope, account, created_at);
create index login_attempts_ip on login_attempts (ip, created_at);

create table outbox (
  id bigserial primary key,
  company_id integer references companies (id) on delete cascade,
  to_address text not null,
  subject text not null,
  text_body text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  error text
);

create table sso_domains (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  domain text not null,
  provider text not null check (provider in ('azure', 'google')),
  login_url text not null,
  unique (company_id, domain)
);
