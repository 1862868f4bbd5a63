-- Creating bookings (POST declarations) in one statement: the host's lock (the per-user limit), the
-- resource's, the limit's count, the inserts, the visit and the announcements, where the server made
-- a round trip for each and held a transaction open between them. Each statement of a plpgsql
-- function takes its own snapshot, so the count after the host's lock sees every booking of theirs
-- committed before it: the limit stays exact under concurrency. The server reads what it checks
-- (the resource, its windows, closures, roles) without locks beforehand; `expected_plan_version` is
-- the company's plan stamp (0013) it read then, and the function answers 'stale' without writing
-- when a change to those tables committed since, so the server checks again (under locks).
-- Outcomes: one 'booked' row per booking; or one 'stale' row; or one 'over_limit' row naming the
-- booking (1-based) whose day is full and the places held then. Nothing is written unless booked.
-- An exclusive resource's double booking is still refused by the exclusion constraint (23P01),
-- raised again with the 1-based number of the booking refused as its detail.
create function book_declarations(
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
  perform 1 from users u where u.company_id = p_company and u.id = p_user for update;
  perform 1 from resources r where r.company_id = p_company and r.id = p_resource for update;
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
