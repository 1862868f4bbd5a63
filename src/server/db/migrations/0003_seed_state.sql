-- Which version of the reference catalogue a database has, so a start with nothing new writes nothing.
create table seed_state (
  key text primary key,
  fingerprint text not null,
  updated_at timestamptz not null default now()
);
