import type { Generated } from 'kysely';
import type { Timestamp, Serial } from './column-types';

/** Calendar and intranet connectors, their room mappings, subscriptions and linked users. */
export interface ConnectorTables {
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
}
