-- Services (spec §2 /services, /service-items, /service-types; §3 Service order; §7 Services):
-- the catalogue of items a company's providers deliver (catering, equipment…), orders of those items
-- for a resource and usually a booking, and the history of each order's status changes.
-- Tenant rules as everywhere: company_id NOT NULL, children point at (company_id, id).

create table service_items (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  service_type_id integer not null,
  -- in the company's currency, in its smallest unit (cents)
  price_cents integer not null default 0 check (price_cents between 0 and 100000000),
  -- how long before the booking starts (or, without one, before delivery) it can still be ordered
  lead_time_minutes integer not null default 0 check (lead_time_minutes between 0 and 43200),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  unique (company_id, id),
  foreign key (company_id, service_type_id) references service_types (company_id, id)
);
create index service_items_type on service_items (company_id, service_type_id);

create table service_item_translations (
  company_id integer not null,
  service_item_id integer not null,
  language_id integer not null references languages (id),
  name text not null check (btrim(name) <> ''),
  description text not null default '',
  primary key (company_id, service_item_id, language_id),
  foreign key (company_id, service_item_id) references service_items (company_id, id) on delete cascade
);

-- Where an item is delivered: the resources and levels listed (a level counts for its sublevels).
-- None listed: wherever the resource offers the item's type (resource_service_types).
create table service_item_resources (
  company_id integer not null,
  service_item_id integer not null,
  resource_id integer not null,
  primary key (company_id, service_item_id, resource_id),
  foreign key (company_id, service_item_id) references service_items (company_id, id) on delete cascade,
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade
);
create table service_item_levels (
  company_id integer not null,
  service_item_id integer not null,
  level_id integer not null,
  primary key (company_id, service_item_id, level_id),
  foreign key (company_id, service_item_id) references service_items (company_id, id) on delete cascade,
  foreign key (company_id, level_id) references levels (company_id, id) on delete cascade
);

create table service_item_images (
  company_id integer not null,
  service_item_id integer not null,
  mime text not null check (mime in ('image/png', 'image/jpeg', 'image/svg+xml')),
  bytes bytea not null,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  sha256 text not null,
  updated_at timestamptz not null default now(),
  primary key (company_id, service_item_id),
  foreign key (company_id, service_item_id) references service_items (company_id, id) on delete cascade
);

-- An order: items for one resource, delivered at one time, usually for a booking of it.
create table service_orders (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  resource_id integer not null,
  declaration_id integer,
  ordered_by integer,
  delivery_at timestamptz not null,
  notes text not null default '',
  status text not null default 'requested'
    check (status in ('requested', 'confirmed', 'in_preparation', 'delivered', 'cancelled')),
  currency_id integer not null references currencies (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id),
  foreign key (company_id, resource_id) references resources (company_id, id) on delete cascade,
  foreign key (company_id, declaration_id) references declarations (company_id, id)
    on delete set null (declaration_id),
  foreign key (company_id, ordered_by) references users (company_id, id) on delete set null (ordered_by)
);
-- the work queue reads a company's orders by delivery time; a booking's orders are found by it
create index service_orders_delivery on service_orders (company_id, delivery_at);
create index service_orders_declaration on service_orders (company_id, declaration_id)
  where declaration_id is not null;
create index service_orders_orderer on service_orders (company_id, ordered_by, delivery_at);

create table service_order_items (
  id serial primary key,
  company_id integer not null,
  service_order_id integer not null,
  service_item_id integer not null,
  quantity integer not null check (quantity between 1 and 10000),
  -- the price when ordered: a later change of the catalogue does not change an order's total
  unit_price_cents integer not null check (unit_price_cents >= 0),
  notes text not null default '',
  status text not null default 'requested'
    check (status in ('requested', 'confirmed', 'in_preparation', 'delivered', 'cancelled')),
  unique (company_id, id),
  foreign key (company_id, service_order_id) references service_orders (company_id, id) on delete cascade,
  foreign key (company_id, service_item_id) references service_items (company_id, id)
);
create index service_order_items_order on service_order_items (company_id, service_order_id);

-- Who changed what when: 'created', a status of the order or of one item, a move or a cancellation
-- with the booking (changed_by null: the booking's change did it).
create table service_order_history (
  id bigserial primary key,
  company_id integer not null,
  service_order_id integer not null,
  service_order_item_id integer,
  action text not null check (action in ('created', 'status', 'moved', 'cancelled_with_booking')),
  status text,
  delivery_at timestamptz,
  changed_by integer,
  changed_at timestamptz not null default now(),
  foreign key (company_id, service_order_id) references service_orders (company_id, id) on delete cascade,
  foreign key (company_id, service_order_item_id) references service_order_items (company_id, id)
    on delete cascade,
  foreign key (company_id, changed_by) references users (company_id, id) on delete set null (changed_by)
);
create index service_order_history_order on service_order_history (company_id, service_order_id, id);

-- spec §4 'service orders changed': every change of an order, whoever made it (a provider, the
-- orderer, a booking moved or cancelled), announced when it commits.
create function service_orders_notify() returns trigger language plpgsql as $$
begin
  perform pg_notify('service_orders_changed', json_build_object(
    'company_id', new.company_id, 'id', new.id, 'ordered_by', new.ordered_by,
    'schema', current_schema())::text);
  return null;
end $$;
create trigger service_orders_notify after insert or update on service_orders
  for each row execute function service_orders_notify();

-- An order follows its booking, whatever changes it (the bookings list, the grid, the scheduler,
-- Outlook, auto-release): moved by as much as the booking's start moved (kept inside the booking),
-- to the booking's resource; cancelled when the booking is cancelled or released. Delivered and
-- cancelled orders stay as they are.
create function service_orders_follow_booking() returns trigger language plpgsql as $$
begin
  if new.status in ('cancelled', 'released') and old.status in ('booked', 'checked_in') then
    with cancelled as (
      update service_orders o set status = 'cancelled', updated_at = now()
      where o.company_id = new.company_id and o.declaration_id = new.id
        and o.status not in ('delivered', 'cancelled')
      returning o.id
    ), items as (
      update service_order_items i set status = 'cancelled'
      from cancelled c
      where i.company_id = new.company_id and i.service_order_id = c.id and i.status <> 'delivered'
    )
    insert into service_order_history (company_id, service_order_id, action, status)
    select new.company_id, c.id, 'cancelled_with_booking', 'cancelled' from cancelled c;
  elsif new.starts_at <> old.starts_at or new.ends_at <> old.ends_at or new.resource_id <> old.resource_id then
    with moved as (
      update service_orders o set
        delivery_at = least(greatest(o.delivery_at + (new.starts_at - old.starts_at), new.starts_at),
          new.ends_at),
        resource_id = new.resource_id,
        updated_at = now()
      where o.company_id = new.company_id and o.declaration_id = new.id
        and o.status not in ('delivered', 'cancelled')
      returning o.id, o.delivery_at
    )
    insert into service_order_history (company_id, service_order_id, action, delivery_at)
    select new.company_id, m.id, 'moved', m.delivery_at from moved m;
  end if;
  return null;
end $$;
create trigger service_orders_follow_booking after update of status, starts_at, ends_at, resource_id
  on declarations for each row execute function service_orders_follow_booking();
