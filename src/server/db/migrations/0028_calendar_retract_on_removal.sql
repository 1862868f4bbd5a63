-- A removed connector left the events it had written for bookings on the room calendars: nothing
-- could reach those calendars once its credentials were gone, so rooms stayed busy in Outlook,
-- Google or the CalDAV client for bookings the product no longer showed there. Before it goes, the
-- events of its links that stand for bookings made here (origin 'product'), from a day back on,
-- become 'calendar.retract' jobs, one per calendar, carrying what deleting them needs (as 0022's
-- unsubscribe: the secrets still sealed, bound to the connector they were sealed for). Events
-- booked in the calendar (origin 'calendar') are their organisers' and stay.
create function queue_calendar_retract() returns trigger language plpgsql as $$
declare
  carried jsonb;
begin
  carried := coalesce((select jsonb_object_agg(f.field_key,
      case when f.is_secret then jsonb_build_object('sealed', f.sealed_value) else to_jsonb(f.value) end)
    from calendar_connector_fields f
    where f.company_id = old.company_id and f.calendar_connector_id = old.id), '{}'::jsonb);
  -- one job per calendar: a mailbox that cannot be reached holds up no other room's
  insert into jobs (company_id, kind, key, payload)
  select old.company_id, 'calendar.retract', old.id || ':' || events.calendar_id,
    jsonb_build_object('connector_id', old.id, 'provider', old.provider, 'fields', carried,
      'calendar_id', events.calendar_id, 'events', events.list)
  from (
    select l.calendar_id, jsonb_agg(jsonb_build_object('external_id', l.external_id, 'etag', l.etag,
        'ends_at', d.ends_at) order by d.starts_at) as list
    from calendar_event_links l
    join declarations d on d.company_id = l.company_id and d.id = l.declaration_id
    where l.company_id = old.company_id and l.calendar_connector_id = old.id and l.origin = 'product'
      and d.ends_at > now() - interval '1 day'
    group by l.calendar_id
  ) events
  on conflict (company_id, kind, key) where status = 'queued' do nothing;
  if found then
    perform pg_notify('jobs_queued', 'calendar.retract');
  end if;
  return old;
end
$$;

create trigger calendar_connectors_retract
  before delete on calendar_connectors
  for each row execute function queue_calendar_retract();
