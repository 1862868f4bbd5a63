-- A removed connector left the events it had written for bookings on the room calendars: nothing
-- could reach those calendars once its credentials were gone, so rooms stayed busy in Outlook,
-- Google or the CalDAV client for bookings the product no longer showed there. Before it goes, the
-- events of its links that stand for bookings made here (origin 'product'), from a day back on,
-- become one 'calendar.retract' job carrying what deleting them needs (as 0022's unsubscribe: the
-- secrets still sealed, bound to the connector they were sealed for). Events booked in the calendar
-- (origin 'calendar') are their organisers' and stay.
create function queue_calendar_retract() returns trigger language plpgsql as $$
begin
  insert into jobs (company_id, kind, key, payload)
  select old.company_id, 'calendar.retract', old.id::text,
    jsonb_build_object('connector_id', old.id, 'provider', old.provider,
      'fields', coalesce((select jsonb_object_agg(f.field_key,
          case when f.is_secret then jsonb_build_object('sealed', f.sealed_value) else to_jsonb(f.value) end)
        from calendar_connector_fields f
        where f.company_id = old.company_id and f.calendar_connector_id = old.id), '{}'::jsonb),
      'events', events.list)
  from (
    select jsonb_agg(jsonb_build_object('calendar_id', l.calendar_id, 'external_id', l.external_id,
        'etag', l.etag) order by d.starts_at) as list
    from calendar_event_links l
    join declarations d on d.company_id = l.company_id and d.id = l.declaration_id
    where l.company_id = old.company_id and l.calendar_connector_id = old.id and l.origin = 'product'
      and d.ends_at > now() - interval '1 day'
  ) events
  where events.list is not null
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
