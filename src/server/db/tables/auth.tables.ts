import type { Generated } from 'kysely';
import type { Optional, Timestamp, Serial } from './column-types';

/** Signing in: sessions, single-use codes, throttling, and single sign-on. */
export interface AuthTables {
  sessions: {
    jti: string;
    user_id: number;
    company_id: number | null;
    issued_at: Timestamp;
    expires_at: Timestamp;
    revoked_at: Date | null;
    replaced_by: string | null;
    // 0140: set on the session of a platform administrator acting in the company
    impersonation_id: Optional<number>;
  };
  // 0141: company_id null for a platform administrator (master two-factor sign-in)
  user_two_factor: {
    company_id: number | null;
    user_id: number;
    secret_sealed: string;
    enabled_at: Date | null;
    last_time_step: number | null;
  };
  vapid_keys: {
    id: Generated<boolean>;
    public_key: string;
    private_key_sealed: string;
    created_at: Generated<Date>;
  };
  push_subscriptions: {
    id: Generated<string>;
    company_id: number;
    user_id: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    created_at: Generated<Date>;
  };
  user_photos: {
    company_id: number;
    user_id: number;
    mime: 'image/png' | 'image/jpeg';
    bytes: Buffer;
    width: number;
    height: number;
    sha256: string;
    updated_at: Generated<Date>;
  };
  user_recovery_codes: {
    company_id: number | null;
    user_id: number;
    code_hash: string;
    used_at: Date | null;
  };
  two_factor_challenges: {
    company_id: number | null;
    challenge_hash: string;
    user_id: number;
    purpose: 'code' | 'setup';
    expires_at: Timestamp;
    used_at: Date | null;
  };
  handover_codes: {
    company_id: number;
    code_hash: string;
    user_id: number;
    expires_at: Timestamp;
    used_at: Date | null;
    impersonation_id: Optional<number>;
  };
  // 0140: "open company as administrator"
  company_impersonations: {
    id: Serial;
    company_id: number;
    platform_user_id: number | null;
    platform_user_email: string;
    acting_user_id: number | null;
    acting_user_email: string;
    reason: string;
    started_at: Generated<Date>;
    expires_at: Timestamp;
    ended_at: Date | null;
  };
  impersonation_actions: {
    id: Generated<string>;
    company_id: number;
    impersonation_id: number;
    at: Generated<Date>;
    method: string;
    route: string;
    status: number;
  };
  password_resets: {
    id: Serial;
    company_id: number | null;
    user_id: number;
    token_hash: string;
    expires_at: Timestamp;
    used_at: Date | null;
    created_at: Timestamp;
  };
  temp_codes: {
    id: Serial;
    company_id: number | null;
    user_id: number;
    code_hash: string;
    expires_at: Timestamp;
    used_at: Date | null;
    created_at: Timestamp;
  };
  // 0030_throttle_counters
  throttle_counters: {
    key: string;
    count: number;
    window_ends: Date;
  };
  sso_domains: {
    id: Serial;
    company_id: number;
    domain: string;
    provider: 'azure' | 'google';
    login_url: string;
    // 0019_sso: the connector the domain signs in through
    sso_id: number | null;
  };
  // 0019_sso
  sso_connectors: {
    id: Serial;
    company_id: number;
    provider: 'azure' | 'google';
    name: string;
    is_active: Generated<boolean>;
    idp_entity_id: string;
    sso_url: string;
    idp_certificates: string[];
    sp_entity_id: string | null;
    create_accounts: Generated<boolean>;
    default_container_id: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  sso_fields: {
    id: Serial;
    company_id: number;
    sso_id: number;
    field: 'email' | 'first_name' | 'last_name';
    attribute: string;
  };
  sso_requests: { company_id: number; request_id: string; expires_at: Timestamp };
  sso_assertions: { company_id: number; assertion_id: string; expires_at: Timestamp };
  // 0160_entra_identities
  entra_identities: {
    company_id: number;
    user_id: number;
    tenant_id: string;
    object_id: string;
    created_at: Generated<Date>;
  };
}
