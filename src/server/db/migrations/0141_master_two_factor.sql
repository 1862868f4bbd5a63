-- spec §7 "Master also has 2fa": a platform administrator (company_id null) keeps their second
-- factor in the same tables as company users. The keys become unique with nulls not distinct, so
-- the platform's rows are keyed like a company's, and the user's own row is referenced directly.
alter table user_two_factor drop constraint user_two_factor_pkey;
alter table user_two_factor alter column company_id drop not null;
alter table user_two_factor add constraint user_two_factor_key unique nulls not distinct (company_id, user_id);
alter table user_two_factor add foreign key (user_id) references users (id) on delete cascade;

alter table user_recovery_codes drop constraint user_recovery_codes_pkey;
alter table user_recovery_codes alter column company_id drop not null;
alter table user_recovery_codes add constraint user_recovery_codes_key
  unique nulls not distinct (company_id, user_id, code_hash);
alter table user_recovery_codes add foreign key (user_id) references users (id) on delete cascade;

alter table two_factor_challenges drop constraint two_factor_challenges_pkey;
alter table two_factor_challenges alter column company_id drop not null;
alter table two_factor_challenges add constraint two_factor_challenges_key
  unique nulls not distinct (company_id, challenge_hash);
alter table two_factor_challenges add foreign key (user_id) references users (id) on delete cascade;
