import type { ColumnType, Generated } from 'kysely';

/**
 * The tables as the migrations in ./migrations create them, kept by hand. A migration that changes
 * a table changes its interface here in the same commit.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Serial = Generated<number>;

export interface Database {
  countries: { id: Serial; code: string; name: string };
  currencies: { id: Serial; code: string; name: string; symbol: string };
  languages: { id: Serial; code: string; locale: string; name: string };
  timezones: { id: Serial; name: string; utc_offset: string };
  data_regions: { id: Serial; code: string; name: string };
  company_types: { id: Serial; code: string; name: string };
  applications: { id: number; key: string; name: string };
  application_versions: {
    id: Serial;
    application_id: number;
    version: string;
    notes: Generated<string>;
    released_at: Timestamp;
  };
  preference_categories: { id: Serial; key: string; name: string };
  device_templates: { id: Serial; name: string; device_type: string };
  permissions: { id: Serial; name: string; type: 'CRUD' | 'LOGICAL' | 'NUMERICAL' };
  labels: { id: Serial; code: string };
  label_translations: { label_id: number; language_code: string; content: string };
  help_pages: { id: Serial; path: string };
  help_page_translations: { help_page_id: number; language_code: string; title: string; html: string };
  companies: {
    id: Serial;
    subdomain: string;
    name: string;
    country_id: number;
    language_id: number;
    timezone: string;
    currency_id: number;
    data_region_id: number;
    company_type_id: number;
    created_at: Timestamp;
  };
  users: {
    id: Serial;
    company_id: number | null;
    email: string;
    password_hash: string | null;
    first_name: Generated<string>;
    last_name: Generated<string>;
    language_id: number;
    country_id: number | null;
    timezone: string;
    is_platform_admin: Generated<boolean>;
    is_visitor: Generated<boolean>;
    sso: Generated<boolean>;
    camera: Generated<boolean>;
    created_at: Timestamp;
  };
  roles: { id: Serial; company_id: number; name: string };
  role_permissions: {
    company_id: number;
    role_id: number;
    permission_id: number;
    can_create: Generated<boolean>;
    can_read: Generated<boolean>;
    can_update: Generated<boolean>;
    can_delete: Generated<boolean>;
    value: number | null;
    is_active: Generated<boolean>;
  };
  user_containers: { id: Serial; company_id: number; name: string; access_type: Generated<string> };
  user_container_members: { company_id: number; container_id: number; user_id: number };
  user_container_roles: { company_id: number; container_id: number; role_id: number };
  company_preferences: {
    company_id: number;
    key: string;
    category_id: number;
    value: string | null;
    is_automatic: Generated<boolean>;
  };
  user_preferences: {
    company_id: number;
    user_id: number;
    key: string;
    value: string | null;
    is_automatic: boolean | null;
  };
  company_documents: { id: Serial; company_id: number; publish_date: Timestamp; created_at: Timestamp };
  company_document_translations: {
    company_id: number;
    document_id: number;
    language_code: string;
    name: string;
    content: string;
  };
  company_document_applications: { company_id: number; document_id: number; application_id: number };
  document_acceptances: { company_id: number; document_id: number; user_id: number; accepted_at: Timestamp };
  sessions: {
    jti: string;
    user_id: number;
    company_id: number | null;
    issued_at: Timestamp;
    expires_at: Timestamp;
    revoked_at: Date | null;
    replaced_by: string | null;
  };
  handover_codes: {
    company_id: number;
    code_hash: string;
    user_id: number;
    expires_at: Timestamp;
    used_at: Date | null;
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
  login_attempts: {
    id: Generated<string>;
    scope: string;
    account: string;
    ip: string;
    succeeded: boolean;
    created_at: Timestamp;
  };
  outbox: {
    id: Generated<string>;
    company_id: number | null;
    to_address: string;
    subject: string;
    text_body: string;
    created_at: Timestamp;
    sent_at: Date | null;
    error: string | null;
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
  resource_types: {
    id: Serial;
    company_id: number;
    key: string;
    icon: string | null;
    is_bookable: Generated<boolean>;
    created_at: Timestamp;
  };
  resource_type_translations: {
    company_id: number;
    resource_type_id: number;
    language_id: number;
    name: string;
  };
  resource_attributes: {
    id: Serial;
    company_id: number;
    key: string;
    icon: string | null;
    created_at: Timestamp;
  };
  resource_attribute_translations: {
    company_id: number;
    resource_attribute_id: number;
    language_id: number;
    name: string;
  };
  seed_state: { key: string; fingerprint: string; updated_at: Timestamp };
  maps: {
    id: Serial;
    company_id: number;
    name: string;
    mime: 'image/png' | 'image/jpeg' | 'image/svg+xml';
    bytes: Buffer;
    width: number;
    height: number;
    sha256: string;
    realtime: Generated<number>;
    created_at: Timestamp;
  };
  levels: {
    id: Serial;
    company_id: number;
    parent_id: number | null;
    kind: 'site' | 'building' | 'floor' | 'zone';
    timezone: string;
    country_id: number | null;
    working_hours_from: Generated<string>;
    working_hours_to: Generated<string>;
    is_default: Generated<boolean>;
    is_declarable: Generated<boolean>;
    is_directly_declarable: Generated<boolean>;
    map_id: number | null;
    position: Generated<number>;
    created_at: Timestamp;
  };
  level_translations: { company_id: number; level_id: number; language_id: number; name: string };
  level_favorites: { company_id: number; user_id: number; level_id: number; created_at: Timestamp };
  level_visits: {
    company_id: number;
    user_id: number;
    level_id: number;
    visits: Generated<number>;
    last_visit_at: Timestamp;
  };
  qr_codes: {
    id: Serial;
    company_id: number;
    code: string;
    entity_kind: number;
    entity_id: number;
    created_at: Timestamp;
  };
  // 0006_resources
  resources: {
    id: Serial;
    company_id: number;
    level_id: number;
    resource_type_id: number;
    resource_capacity_type: Generated<'exclusive' | 'shared'>;
    resource_model: Generated<'bookable' | 'on_request' | 'assigned' | 'not_bookable'>;
    capacity: Generated<number>;
    max_capacity: Generated<number>;
    propagate_capacity: Generated<boolean>;
    description: Generated<string>;
    email: string | null;
    map_x: number | null;
    map_y: number | null;
    position: Generated<number>;
    created_at: Timestamp;
  };
  resource_translations: {
    company_id: number;
    resource_id: number;
    language_id: number;
    name: string;
    /** 0011: foldForSearch(name), written by the server */
    search_name: string | null;
  };
  resource_resource_attributes: { company_id: number; resource_id: number; resource_attribute_id: number };
  resource_favorites: { company_id: number; user_id: number; resource_id: number; created_at: Timestamp };
  resource_images: {
    company_id: number;
    resource_id: number;
    mime: 'image/png' | 'image/jpeg' | 'image/svg+xml';
    bytes: Buffer;
    width: number;
    height: number;
    sha256: string;
    updated_at: Timestamp;
  };
  resource_availabilities: {
    id: Serial;
    company_id: number;
    resource_id: number;
    weekdays: number[];
    time_from: string;
    time_to: string;
    date_from: string | null;
    date_to: string | null;
  };
  resource_unavailabilities: {
    id: Serial;
    company_id: number;
    resource_id: number;
    starts_at: Timestamp;
    ends_at: Timestamp;
    reason: Generated<string>;
  };
  resource_date_capacities: {
    id: Serial;
    company_id: number;
    resource_id: number;
    date_from: string;
    date_to: string;
    capacity: number;
  };
  resource_functions: {
    company_id: number;
    resource_id: number;
    function_key: 'linked-resources' | 'distance-resources' | 'language' | 'device-template' | 'currency';
    active: Generated<boolean>;
    language_id: number | null;
    device_template_id: number | null;
    currency_id: number | null;
    price_cents: number | null;
  };
  resource_function_resources: {
    company_id: number;
    resource_id: number;
    function_key: 'linked-resources' | 'distance-resources';
    other_resource_id: number;
  };
  resource_roles: { company_id: number; resource_id: number; role_id: number };
  service_types: { id: Serial; company_id: number; key: string; name: string };
  resource_service_types: { company_id: number; resource_id: number; service_type_id: number };
  declarations: {
    id: Serial;
    company_id: number;
    /** null once the resource is deleted (0008); resource_name keeps what it was called */
    resource_id: number | null;
    user_id: number;
    starts_at: Timestamp;
    ends_at: Timestamp;
    status: Generated<'booked' | 'checked_in' | 'checked_out' | 'released' | 'cancelled'>;
    created_at: Timestamp;
    // 0007_booking_engine
    created_by: number | null;
    subject: Generated<string>;
    is_private: Generated<boolean>;
    slot_type: Generated<'all-day' | 'half-day' | 'hours' | '30-minutes' | '15-minutes'>;
    approval_status: Generated<'pending' | 'approved' | 'rejected'>;
    exclusive: Generated<boolean>;
    checked_in_at: Date | null;
    checked_out_at: Date | null;
    released_at: Date | null;
    cancelled_at: Date | null;
    cost_cents: number | null;
    currency_id: number | null;
    source: Generated<'plan' | 'outlook' | 'scheduler' | 'grid' | 'calendar'>;
    external_ref: string | null;
    /** generated from starts_at and ends_at; never written */
    period: ColumnType<string, never, never>;
    // 0008_booking_history
    resource_name: Generated<string>;
    // 0024_approved_at
    approved_at: Date | null;
    // 0020_book_declarations: new bookings are written by the function book_declarations
  };
  // 0010_space_passes: a pass is its booking; only its revocation is stored
  space_pass_revocations: {
    company_id: number;
    declaration_id: number;
    revoked_by: number;
    revoked_at: Generated<Date>;
  };
  schema_migrations: { version: string; name: string; applied_at: Timestamp };
  // 0011_lookup_versions: bumped by triggers, read by the resource lookups cache
  company_lookup_versions: { company_id: number; version: string };
  // 0013_plan_versions: bumped by triggers, read by the plan's level day cache
  company_plan_versions: { company_id: number; version: string };
  // 0029_booking_versions: bumped by triggers, compared by book_declarations when booking from memory
  company_booking_versions: { company_id: number; version: string };
  // 0014_booking_presets: a user's saved filters for /bookings and the grid (PresetFilters as JSON)
  booking_presets: {
    id: Serial;
    company_id: number;
    user_id: number;
    name: string;
    order: Generated<number>;
    is_active: Generated<boolean>;
    preset: ColumnType<unknown, string, string>;
    created_at: Generated<Date>;
  };
  // 0026_delegations: who acts for whom, with which permissions
  delegations: {
    id: Serial;
    company_id: number;
    delegator_id: number;
    delegate_id: number;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  delegation_permissions: { company_id: number; delegation_id: number; permission_id: number };
  // 0017_connectors (secrets only sealed: src/server/integrations/secrets.ts)
  connector_types: { id: number; key: 'sso' | 'calendar' | 'intranet'; name: string };
  calendar_connectors: {
    id: Serial;
    company_id: number;
    provider: 'outlook' | 'google' | 'caldav';
    name: string;
    is_active: Generated<boolean>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  calendar_connector_fields: {
    id: Serial;
    company_id: number;
    calendar_connector_id: number;
    field_key: string;
    value: Generated<string>;
    sealed_value: string | null;
    is_secret: Generated<boolean>;
  };
  calendar_connector_resources: {
    company_id: number;
    calendar_connector_id: number;
    resource_id: number;
    calendar_id: string;
    created_at: Generated<Date>;
  };
  calendar_subscriptions: {
    company_id: number;
    calendar_connector_id: number;
    calendar_id: string;
    subscription_id: string;
    notification_url: string;
    sealed_client_state: string;
    expires_at: Timestamp;
    created_at: Generated<Date>;
  };
  calendar_linked_users: {
    id: Serial;
    company_id: number;
    user_id: number;
    provider: 'outlook' | 'google';
    calendar_connector_id: number;
    status: Generated<'pending' | 'linked'>;
    state_digest: string | null;
    state_expires_at: Timestamp | null;
    account_email: string | null;
    sealed_refresh_token: string | null;
    linked_at: Timestamp | null;
    created_at: Generated<Date>;
  };
  intranet_links: {
    id: Serial;
    company_id: number;
    name: string;
    url: string;
    is_active: Generated<boolean>;
    position: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  // 0015_outlook_meetings
  outlook_meetings: {
    company_id: number;
    meeting_key: string;
    organizer_id: number;
    item_id: string | null;
    resource_id: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  outlook_meeting_bookings: { company_id: number; meeting_key: string; declaration_id: number };
  // 0016_scheduler_meetings
  scheduler_meetings: {
    id: Serial;
    company_id: number;
    organizer_id: number;
    host_id: number;
    subject: string;
    notes: Generated<string>;
    timezone: string;
    all_day: Generated<boolean>;
    private_meeting: Generated<boolean>;
    teams: Generated<boolean>;
    date: string;
    start_time: string;
    end_time: string;
    recurrence: unknown;
    attendees: unknown;
    created_at: Generated<Date>;
  };
  scheduler_meeting_bookings: { company_id: number; meeting_id: number; occurrence: number; declaration_id: number };
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
}
