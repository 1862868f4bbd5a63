-- Reports (issue 44, spec §2 /reports): figures kept up to date as bookings change, so a report
-- never reads every booking of its period. Each booking contributes, per resource and per hour of
-- its level's clock (local day and hour):
--   booked_s  seconds held: booked, checked in or out; a released booking (a no-show) until its
--             release; nothing once cancelled or rejected;
--   used_s    seconds of real use: from the check-in (or the start, if earlier) to the end, which
--             check-out moves to the moment of check-out;
--   bookings, check_ins, no_shows   counted once, in the hour the booking starts.
-- Statement-level triggers on declarations add a written row's contribution and take away the old
-- one, in the same transaction as the write, on PGlite and PostgreSQL alike. Rows are upserted in
-- key order, so two writers touching the same hours wait for each other instead of deadlocking.
-- report_days sums the hours per day (what a year's dashboard reads); report_user_days keeps the
-- host's share (bookings by user container).

create table report_hours (
  company_id integer not null references companies (id) on delete cascade,
  resource_id integer not null,
  day date not null,
  hour smallint not null check (hour between 0 and 23),
  booked_s integer not null default 0,
  used_s integer not null default 0,
  bookings integer not null default 0,
  check_ins integer not null default 0,
  no_shows integer not null default 0,
  primary key (company_id, resource_id, day, hour)
);
create index report_hours_day on report_hours (company_id, day);

create table report_days (
  company_id integer not null references companies (id) on delete cascade,
  resource_id integer not null,
  day date not null,
  booked_s integer not null default 0,
  used_s integer not null default 0,
  bookings integer not null default 0,
  check_ins integer not null default 0,
  no_shows integer not null default 0,
  primary key (company_id, resource_id, day)
);
create index report_days_day on report_days (company_id, day);

create table report_user_days (
  company_id integer not null references companies (id) on delete cascade,
  user_id integer not null,
  day date not null,
  booked_s integer not null default 0,
  used_s integer not null default 0,
  bookings integer not null default 0,
  no_shows integer not null default 0
);
-- Rows are changes, summed when read: a booking of one host never waits on another of the same
-- host's day row, which deadlocked with the per-user booking lock taken in the other order.
create index report_user_days_day on report_user_days (company_id, day);

-- The span [s, e) cut at every hour of the zone's clock: seconds per local day and hour. Every
-- zone's offset is a whole number of quarter hours, so quarter hours of UTC never straddle a local
-- hour; on a daylight-saving day the skipped hour has no piece and the repeated hour has two.
create function report_pieces(s timestamptz, e timestamptz, tz text)
returns table (day date, hour smallint, seconds integer)
language sql stable parallel safe as $$
  select (p.a at time zone tz)::date, extract(hour from p.a at time zone tz)::smallint,
    sum(round(extract(epoch from p.b - p.a)))::integer
  from generate_series(date_trunc('hour', s, 'UTC'), e, interval '15 minutes') t (at)
  cross join lateral (select greatest(t.at, s) as a, least(t.at + interval '15 minutes', e) as b) p
  where p.b > p.a
  group by 1, 2
$$;

-- Adds the contribution of `adds` and takes away that of `removes`.
create function report_apply(adds declarations[], removes declarations[])
returns void language sql as $$
  with changed as (
    select d.*, 1 as sign from unnest(adds) d
    union all
    select d.*, -1 from unnest(removes) d
  ),
  spans as (
    select c.company_id, c.resource_id, c.user_id, c.sign, l.timezone as tz, c.starts_at,
      case
        when c.approval_status = 'rejected' or c.status = 'cancelled' then c.starts_at
        when c.status = 'released' then least(c.ends_at, greatest(c.starts_at, coalesce(c.released_at, c.starts_at)))
        else c.ends_at
      end as booked_to,
      case when c.status in ('checked_in', 'checked_out') and c.approval_status <> 'rejected'
        then greatest(c.starts_at, least(c.ends_at, coalesce(c.checked_in_at, c.starts_at))) end as used_from,
      c.ends_at,
      (c.status <> 'cancelled' and c.approval_status <> 'rejected')::int as counted,
      (c.status in ('checked_in', 'checked_out'))::int as checked_in,
      (c.status = 'released')::int as no_show
    from changed c
    join resources r on r.company_id = c.company_id and r.id = c.resource_id
    join levels l on l.company_id = r.company_id and l.id = r.level_id
  ),
  pieces as (
    select s.company_id, s.resource_id, s.user_id, p.day, p.hour,
      s.sign * p.seconds as booked_s, 0 as used_s, 0 as bookings, 0 as check_ins, 0 as no_shows
    from spans s cross join lateral report_pieces(s.starts_at, s.booked_to, s.tz) p
    union all
    select s.company_id, s.resource_id, s.user_id, p.day, p.hour, 0, s.sign * p.seconds, 0, 0, 0
    from spans s cross join lateral report_pieces(s.used_from, s.ends_at, s.tz) p
    where s.used_from is not null
    union all
    select s.company_id, s.resource_id, s.user_id, (s.starts_at at time zone s.tz)::date,
      extract(hour from s.starts_at at time zone s.tz)::smallint, 0, 0,
      s.sign * s.counted, s.sign * s.checked_in, s.sign * s.no_show
    from spans s
  ),
  hours as (
    insert into report_hours as h (company_id, resource_id, day, hour, booked_s, used_s, bookings, check_ins, no_shows)
    select company_id, resource_id, day, hour, sum(booked_s), sum(used_s), sum(bookings), sum(check_ins), sum(no_shows)
    from pieces group by 1, 2, 3, 4 order by 1, 2, 3, 4
    on conflict (company_id, resource_id, day, hour) do update set
      booked_s = h.booked_s + excluded.booked_s, used_s = h.used_s + excluded.used_s,
      bookings = h.bookings + excluded.bookings, check_ins = h.check_ins + excluded.check_ins,
      no_shows = h.no_shows + excluded.no_shows
    returning 1
  ),
  days as (
    insert into report_days as d (company_id, resource_id, day, booked_s, used_s, bookings, check_ins, no_shows)
    select company_id, resource_id, day, sum(booked_s), sum(used_s), sum(bookings), sum(check_ins), sum(no_shows)
    from pieces group by 1, 2, 3 order by 1, 2, 3
    on conflict (company_id, resource_id, day) do update set
      booked_s = d.booked_s + excluded.booked_s, used_s = d.used_s + excluded.used_s,
      bookings = d.bookings + excluded.bookings, check_ins = d.check_ins + excluded.check_ins,
      no_shows = d.no_shows + excluded.no_shows
    returning 1
  ),
  user_days as (
    insert into report_user_days as u (company_id, user_id, day, booked_s, used_s, bookings, no_shows)
    select company_id, user_id, day, sum(booked_s), sum(used_s), sum(bookings), sum(no_shows)
    from pieces group by 1, 2, 3
    returning 1
  )
  select (select count(*) from hours) + (select count(*) from days) + (select count(*) from user_days)
$$;

create function report_declarations_changed() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform report_apply(array(select n::declarations from new_rows n order by n.id), '{}'::declarations[]);
  elsif tg_op = 'DELETE' then
    perform report_apply('{}'::declarations[], array(select o::declarations from old_rows o order by o.id));
  else
    -- only rows whose contribution can have changed (not a subject, a cost or the exclusive flag)
    perform report_apply(
      array(select n::declarations from new_rows n join old_rows o on o.id = n.id
        where (n.resource_id, n.user_id, n.starts_at, n.ends_at, n.status, n.approval_status, n.checked_in_at, n.released_at)
          is distinct from (o.resource_id, o.user_id, o.starts_at, o.ends_at, o.status, o.approval_status, o.checked_in_at, o.released_at)
        order by n.id),
      array(select o::declarations from old_rows o join new_rows n on n.id = o.id
        where (n.resource_id, n.user_id, n.starts_at, n.ends_at, n.status, n.approval_status, n.checked_in_at, n.released_at)
          is distinct from (o.resource_id, o.user_id, o.starts_at, o.ends_at, o.status, o.approval_status, o.checked_in_at, o.released_at)
        order by o.id));
  end if;
  return null;
end
$$;

create trigger declarations_report_insert after insert on declarations
  referencing new table as new_rows for each statement execute function report_declarations_changed();
create trigger declarations_report_update after update on declarations
  referencing old table as old_rows new table as new_rows for each statement execute function report_declarations_changed();
create trigger declarations_report_delete after delete on declarations
  referencing old table as old_rows for each statement execute function report_declarations_changed();

-- The hours are the level's clock's: a level given another zone, or a resource moved to a level of
-- another zone, has its company's figures computed again from its bookings (rare, and exact).
create function report_rebuild(company integer) returns void language sql as $$
  delete from report_hours where company_id = company;
  delete from report_days where company_id = company;
  delete from report_user_days where company_id = company;
  select report_apply(array(select d from declarations d where d.company_id = company order by d.id), '{}'::declarations[]);
$$;

create function report_zone_changed() returns trigger language plpgsql as $$
begin
  perform report_rebuild(new.company_id);
  return null;
end
$$;

create trigger levels_report_zone after update of timezone on levels
  for each row when (old.timezone is distinct from new.timezone) execute function report_zone_changed();
create trigger resources_report_level after update of level_id on resources
  for each row when (old.level_id is distinct from new.level_id) execute function report_zone_changed();

select report_rebuild(id) from companies;

-- The technical list pages through a period's bookings in start order.
create index declarations_company_start on declarations (company_id, starts_at, id);
