-- The booking locks at the strength an UPDATE of non-key columns takes (FOR NO KEY UPDATE), not
-- FOR UPDATE. Both serialise the bookings of one user and of one resource alike, but FOR UPDATE also
-- blocks the KEY SHARE lock a foreign-key check takes: booking for someone else checks the caller's
-- own row (declarations.created_by), and when the caller booked the same resource at that moment,
-- each waited for the other (a deadlock, a 500 for one of two valid requests). The function is
-- 0020's, unchanged but for its two locks; the server's own locks changed with it.
create or replace function book_declarations(
  p_company integer,
  p_user integer,
  p_created_by integer,
  p_resource integer,
  p_level integer,
  p_expected_plan_version bigint,
  p_limit integer,
  p_starts timestamptz[],
  p_ends timestamptz[],
  p_day_starts timestamptz[],
  p_day_ends timestamptz[],
  p_slot_types text[],
  p_costs integer[],
  p_currency integer,
  p_subject text,
  p_is_private boolean,
  p_approval_status text,
  p_exclusive boolean,
  p_source text,
  p_count_visit boolean,
  -- per booking, the 'created' announcement without its id and schema (declarations.queries.ts)
  p_notices jsonb[]
) returns table (
  outcome text,
  booking integer,
  held integer,
  id integer,
  status text,
  approval_status text,
  created_at timestamptz
) language plpgsql as $$
#variable_conflict use_column
declare
  v_count integer := coalesce(array_length(p_starts, 1), 0);
  v_held integer;
  v_row record;
  -- the booking being inserted, for the refusal of a double booking (a loop's own variable is not
  -- visible to the block's exception handler)
  v_current integer;
begin
  perform 1 from users u where u.company_id = p_company and u.id = p_user for no key update;
  perform 1 from resources r where r.company_id = p_company and r.id = p_resource for no key update;
  if p_expected_plan_version is not null and p_expected_plan_version is distinct from
      (select v.version from company_plan_versions v where v.company_id = p_company) then
    return query select 'stale'::text, null::integer, null::integer, null::integer, null::text,
      null::text, null::timestamptz;
    return;
  end if;
  -- The places (distinct resources that count towards the limit) the host holds in each booking's
  -- day, besides this resource: the request's own bookings never change that count.
  if p_limit is not null then
    for v_index in 1 .. v_count loop
      select count(distinct d.resource_id) into v_held from declarations d
      join resources r on r.company_id = d.company_id and r.id = d.resource_id
      where d.company_id = p_company and d.user_id = p_user
        and d.status in ('booked', 'checked_in') and d.approval_status <> 'rejected'
        and d.starts_at < p_day_ends[v_index] and d.ends_at > p_day_starts[v_index]
        and d.resource_id <> p_resource
        and (r.resource_capacity_type = 'shared' or r.capacity <= 1);
      if v_held + 1 > p_limit then
        return query select 'over_limit'::text, v_index, v_held, null::integer, null::text,
          null::text, null::timestamptz;
        return;
      end if;
    end loop;
  end if;
  begin
    for v_index in 1 .. v_count loop
      v_current := v_index;
      insert into declarations as d (company_id, resource_id, user_id, created_by, starts_at, ends_at,
        subject, is_private, slot_type, approval_status, exclusive, cost_cents, currency_id, source)
      values (p_company, p_resource, p_user, p_created_by, p_starts[v_index], p_ends[v_index],
        p_subject, p_is_private, p_slot_types[v_index], p_approval_status, p_exclusive,
        p_costs[v_index], p_currency, p_source)
      returning d.id, d.status, d.approval_status, d.created_at into v_row;
      perform pg_notify('declaration_changed', (p_notices[v_index] || jsonb_build_object('id', v_row.id,
        'known', (p_notices[v_index] -> 'known') || jsonb_build_object('schema', current_schema())))::text);
      outcome := 'booked';
      booking := v_index;
      held := null;
      id := v_row.id;
      status := v_row.status;
      approval_status := v_row.approval_status;
      created_at := v_row.created_at;
      return next;
    end loop;
  exception when exclusion_violation then
    raise exception using errcode = 'exclusion_violation', message = sqlerrm, detail = v_current::text;
  end;
  if p_count_visit and v_count > 0 then
    insert into level_visits as lv (company_id, user_id, level_id, visits, last_visit_at)
    values (p_company, p_user, p_level, 1, now())
    on conflict (company_id, user_id, level_id)
    do update set visits = lv.visits + 1, last_visit_at = now();
  end if;
end
$$;
