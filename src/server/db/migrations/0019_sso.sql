-- Single sign-on connectors (SAML 2.0: Entra ID and Google Workspace), their attribute fields,
-- the AuthnRequests sent (InResponseTo) and the assertions already used (replay), shared by every
-- server process.

create table sso_connectors (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  provider text not null check (provider in ('azure', 'google')),
  name text not null,
  is_active boolean not null default true,
  idp_entity_id text not null,
  sso_url text not null,
  -- PEM certificates the IdP signs with; more than one while a certificate is being rolled over.
  idp_certificates text[] not null,
  -- Our entity id, the audience the assertions must name; null: the default one derived from the host.
  sp_entity_id text,
  create_accounts boolean not null default false,
  -- The user container (and so the roles) an account created on first sign-in joins.
  default_container_id integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id),
  foreign key (company_id, default_container_id) references user_containers (company_id, id)
    on delete set null (default_container_id)
);

-- The e-mail domains of a connector are the rows of sso_domains (read by auth/sso-domains): one
-- domain belongs to at most one connector of a company.
alter table sso_domains add column sso_id integer;
alter table sso_domains
  add constraint sso_domains_connector foreign key (company_id, sso_id)
  references sso_connectors (company_id, id) on delete cascade;
create index sso_domains_sso on sso_domains (company_id, sso_id);

-- spec §3 SSO fields: which assertion attribute carries which user field.
create table sso_fields (
  id serial primary key,
  company_id integer not null,
  sso_id integer not null,
  field text not null check (field in ('email', 'first_name', 'last_name')),
  attribute text not null,
  unique (company_id, id),
  unique (company_id, sso_id, field),
  foreign key (company_id, sso_id) references sso_connectors (company_id, id) on delete cascade
);

-- The AuthnRequests we sent, so a response naming InResponseTo answers one of ours, once.
create table sso_requests (
  company_id integer not null references companies (id) on delete cascade,
  request_id text not null,
  expires_at timestamptz not null,
  primary key (company_id, request_id)
);
create index sso_requests_expiry on sso_requests (expires_at);

-- Assertion ids already accepted: a second use of one is a replay. Kept until the assertion expires.
create table sso_assertions (
  company_id integer not null references companies (id) on delete cascade,
  assertion_id text not null,
  expires_at timestamptz not null,
  primary key (company_id, assertion_id)
);
create index sso_assertions_expiry on sso_assertions (expires_at);
