-- The cockpit (spec §2 /cockpit, §3 "Cockpit widget: id, type, is_active, items (id, order)"):
-- each user's widgets, one per type, and the items each widget shows in their order. A widget row
-- is made the first time its owner reads the cockpit; only the chosen items have a row.

create table cockpit_widgets (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  user_id integer not null,
  type text not null check (type in ('occupancy', 'bookings', 'visitors', 'services')),
  is_active boolean not null default false,
  ordering integer not null default 0,
  unique (company_id, id),
  unique (company_id, user_id, type),
  foreign key (company_id, user_id) references users (company_id, id) on delete cascade
);

create table cockpit_widget_items (
  company_id integer not null,
  widget_id integer not null,
  item text not null,
  ordering integer not null default 0,
  primary key (company_id, widget_id, item),
  foreign key (company_id, widget_id) references cockpit_widgets (company_id, id) on delete cascade
);

-- "Bookings needing approval" counts the pending bookings still ahead: a handful among a company's
-- hundreds of thousands, found by this index rather than by reading them all.
create index declarations_pending_approval on declarations (company_id, ends_at)
  where approval_status = 'pending' and status = 'booked';
