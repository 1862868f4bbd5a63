-- Microsoft 365 sign-in in the Outlook add-in (issue 41): the Entra ID identity (tenant and object
-- id) an account signed in with, recorded at its first sign-in. The object id stays when a person's
-- address changes, and an account linked to one identity is never signed in by another one that
-- comes to carry its address.
create table entra_identities (
  company_id integer not null,
  user_id integer not null,
  tenant_id text not null check (tenant_id ~ '^[0-9a-f-]{36}$'),
  object_id text not null check (btrim(object_id) <> ''),
  created_at timestamptz not null default now(),
  primary key (company_id, tenant_id, object_id),
  unique (company_id, user_id, tenant_id),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);
