-- spec §2 /qr-code-templates and /qr-codes (QR_CODE): the layout of a sheet of printed QR labels,
-- one of them the company's default, and the template a code is printed with (none: the default).
-- A label's size and the grid per page are the sheet of sticky labels an office buys; the page
-- must hold the grid, which the API checks (src/shared/contract/qr-code-templates.ts).
create table qr_code_templates (
  id serial primary key,
  company_id integer not null references companies (id) on delete cascade,
  name text not null check (length(name) between 1 and 120),
  page_size text not null default 'A4' check (page_size in ('A4', 'Letter')),
  label_width_mm smallint not null check (label_width_mm between 20 and 200),
  label_height_mm smallint not null check (label_height_mm between 20 and 270),
  columns smallint not null check (columns between 1 and 8),
  rows smallint not null check (rows between 1 and 12),
  show_name boolean not null default true,
  show_level boolean not null default true,
  show_type boolean not null default false,
  caption text not null default '' check (length(caption) <= 60),
  text_colour text not null default '#000000' check (text_colour ~ '^#[0-9a-f]{6}$'),
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id)
);
-- at most one default per company: PUT {id}/default moves it in one transaction
create unique index qr_code_templates_one_default on qr_code_templates (company_id) where is_default;

alter table qr_codes add column template_id integer;
alter table qr_codes add constraint qr_codes_template
  foreign key (company_id, template_id) references qr_code_templates (company_id, id)
  on delete set null (template_id);
