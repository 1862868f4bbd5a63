-- Two-factor sign-in (TOTP, RFC 6238): a user's secret, sealed with the server's secret box; the
-- recovery codes, as keyed digests, each usable once; and the challenges a sign-in waits on between
-- the password and the code.

create table user_two_factor (
  company_id integer not null,
  user_id integer not null,
  secret_sealed text not null,
  -- null while the user is setting it up (the secret shown, no code confirmed yet)
  enabled_at timestamptz,
  -- the last accepted code's time step: a code is accepted once (replay)
  last_time_step integer,
  primary key (company_id, user_id),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);

create table user_recovery_codes (
  company_id integer not null,
  user_id integer not null,
  code_hash text not null,
  used_at timestamptz,
  primary key (company_id, user_id, code_hash),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);

-- purpose 'code': the user has two-factor on and must give a code; 'setup': the company requires it
-- of administrators and this one must set it up before a session is opened.
create table two_factor_challenges (
  company_id integer not null,
  challenge_hash text not null,
  user_id integer not null,
  purpose text not null check (purpose in ('code', 'setup')),
  expires_at timestamptz not null,
  used_at timestamptz,
  primary key (company_id, challenge_hash),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);
