-- Two mends of 0018's push trigger:
-- - A booking changed while its push waits out a back-off (the calendar service failed it, up to
--   about an hour apart once its retries are spent) is pushed now rather than at the waiting job's
--   time: the change may be the one that matters, and the service may be back. 0018 kept the
--   waiting job as it was.
-- - A change of subject, privacy or host is pushed too: the event shows them (a booking made
--   private shows 'Private booking' on the room calendar everyone reads). 0018 pushed only changes
--   of time, status, approval and resource.

-- A booking of a room mapped to an active calendar connector was created, moved, cancelled,
-- released, checked out or approved/rejected: queue its push. Bookings the sync itself inserts
-- from calendar events (source 'calendar') need no push back.
create or replace function queue_calendar_push() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' and new.source = 'calendar' then
    return new;
  end if;
  if new.resource_id is null and (tg_op = 'INSERT' or old.resource_id is null) then
    return new;
  end if;
  if exists (
    select 1 from calendar_connector_resources m
    join calendar_connectors c on c.company_id = m.company_id and c.id = m.calendar_connector_id
    where m.company_id = new.company_id and c.is_active
      and (m.resource_id = new.resource_id
        or (tg_op = 'UPDATE' and m.resource_id = old.resource_id))
  ) or (tg_op = 'UPDATE' and exists (
    select 1 from calendar_event_links l where l.company_id = new.company_id and l.declaration_id = new.id
  )) then
    insert into jobs (company_id, kind, key, payload)
    values (new.company_id, 'calendar.push', new.id::text, jsonb_build_object('declaration_id', new.id))
    on conflict (company_id, kind, key) where status = 'queued'
      do update set run_at = least(jobs.run_at, now());
    perform pg_notify('jobs_queued', 'calendar.push');
  end if;
  return new;
end
$$;

drop trigger declarations_calendar_push on declarations;
create trigger declarations_calendar_push
  after insert or update of starts_at, ends_at, status, approval_status, resource_id, subject,
    is_private, user_id on declarations
  for each row execute function queue_calendar_push();
