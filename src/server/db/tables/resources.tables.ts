import type { Generated } from 'kysely';
import type { Timestamp, Serial } from './column-types';

/** Resources, their types and attributes, and their settings (availability, closures, capacities, functions, roles, services). */
export interface ResourceTables {
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
  // 0011_lookup_versions: bumped by triggers, read by the resource lookups cache
  company_lookup_versions: { company_id: number; version: string };
  // 0280_real_time_and_cleaning
  resource_cleanings: {
    id: Serial;
    company_id: number;
    resource_id: number;
    cleaned_by: number | null;
    cleaned_at: Generated<Date>;
  };
}
