-- Microsoft Graph change-notification subscriptions (issue 8): when an Outlook connector has a
-- notification URL, each mapped room mailbox has a subscription to its events, so a meeting booked
-- in Outlook reaches the product at once instead of at the next periodic pull. The upkeep job
-- ('calendar.subscriptions', one per connector) creates, renews and deletes them; triggers queue it
-- in the same transaction as the change that calls for it.

create table calendar_subscriptions (
  company_id integer not null,
  calendar_connector_id integer not null,
  calendar_id text not null,
  -- Graph's id of the subscription; notifications name it
  subscription_id text not null,
  notification_url text not null,
  -- the clientState Graph sends back with every notification, sealed like the connector secrets
  sealed_client_state text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  primary key (company_id, calendar_connector_id, calendar_id),
  unique (company_id, subscription_id),
  foreign key (company_id, calendar_connector_id)
    references calendar_connectors (company_id, id) on delete cascade
);
-- a notification names only the subscription: it is found by that id, then its clientState checked
create index calendar_subscriptions_by_id on calendar_subscriptions (subscription_id);

-- The upkeep of a connector's subscriptions is due now: its rooms, fields or state changed.
create function queue_calendar_subscriptions() returns trigger language plpgsql as $$
declare
  changed record;
begin
  if tg_op = 'DELETE' then
    changed := old;
  else
    changed := new;
  end if;
  if tg_table_name = 'calendar_connectors' then
    if changed.provider <> 'outlook' then
      return null;
    end if;
    insert into jobs (company_id, kind, key, payload)
    values (changed.company_id, 'calendar.subscriptions', changed.id::text,
      jsonb_build_object('connector_id', changed.id))
    on conflict (company_id, kind, key) where status = 'queued' do update set run_at = least(jobs.run_at, now());
  else
    insert into jobs (company_id, kind, key, payload)
    select c.company_id, 'calendar.subscriptions', c.id::text, jsonb_build_object('connector_id', c.id)
    from calendar_connectors c
    where c.company_id = changed.company_id and c.id = changed.calendar_connector_id and c.provider = 'outlook'
    on conflict (company_id, kind, key) where status = 'queued' do update set run_at = least(jobs.run_at, now());
  end if;
  perform pg_notify('jobs_queued', 'calendar.subscriptions');
  return null;
end
$$;

create trigger calendar_connector_resources_subscriptions
  after insert or delete or update of calendar_id on calendar_connector_resources
  for each row execute function queue_calendar_subscriptions();
create trigger calendar_connector_fields_subscriptions
  after insert or delete or update of value, sealed_value on calendar_connector_fields
  for each row execute function queue_calendar_subscriptions();
create trigger calendar_connectors_subscriptions
  after update of is_active on calendar_connectors
  for each row execute function queue_calendar_subscriptions();

-- A removed connector takes its credentials with it: before it goes, each of its subscriptions
-- becomes a 'calendar.unsubscribe' job carrying what deleting it at Graph needs (the client secret
-- still sealed, bound to the connector it was sealed for).
create function queue_calendar_unsubscribe() returns trigger language plpgsql as $$
begin
  insert into jobs (company_id, kind, key, payload)
  select s.company_id, 'calendar.unsubscribe', s.subscription_id,
    jsonb_build_object('connector_id', old.id, 'subscription_id', s.subscription_id,
      'fields', coalesce((select jsonb_object_agg(f.field_key,
          case when f.is_secret then jsonb_build_object('sealed', f.sealed_value) else to_jsonb(f.value) end)
        from calendar_connector_fields f
        where f.company_id = old.company_id and f.calendar_connector_id = old.id), '{}'::jsonb))
  from calendar_subscriptions s
  where s.company_id = old.company_id and s.calendar_connector_id = old.id
  on conflict (company_id, kind, key) where status = 'queued' do nothing;
  if found then
    perform pg_notify('jobs_queued', 'calendar.unsubscribe');
  end if;
  return old;
end
$$;

create trigger calendar_connectors_unsubscribe
  before delete on calendar_connectors
  for each row when (old.provider = 'outlook')
  execute function queue_calendar_unsubscribe();
