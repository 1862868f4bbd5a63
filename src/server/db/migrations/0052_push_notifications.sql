-- Browser push (spec §2 /profile push-notifications, RFC 8030 with VAPID, RFC 8292).

-- The server's VAPID key pair, generated on the first start and kept: one row. The private key is
-- sealed with the server's secret box; the public key is what browsers subscribe with, so it must
-- never change under them.
create table vapid_keys (
  id boolean primary key default true check (id),
  public_key text not null,
  private_key_sealed text not null,
  created_at timestamptz not null default now()
);

-- One row per browser that subscribed; a browser's endpoint belongs to the last user who subscribed
-- it in that company.
create table push_subscriptions (
  id bigserial primary key,
  company_id integer not null,
  user_id integer not null,
  endpoint text not null,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now(),
  unique (company_id, endpoint),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);
create index push_subscriptions_user on push_subscriptions (company_id, user_id);
