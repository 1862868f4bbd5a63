import type { Generated } from 'kysely';
import type { Serial, Timestamp } from './column-types';

export type ServiceStatusKey = 'requested' | 'confirmed' | 'in_preparation' | 'delivered' | 'cancelled';

/** 0100_services: the catalogue of service items, orders of them and their history. */
export interface ServiceTables {
  service_items: {
    id: Serial;
    company_id: number;
    service_type_id: number;
    price_cents: Generated<number>;
    lead_time_minutes: Generated<number>;
    is_active: Generated<boolean>;
    created_at: Timestamp;
  };
  service_item_translations: {
    company_id: number;
    service_item_id: number;
    language_id: number;
    name: string;
    description: Generated<string>;
  };
  service_item_resources: { company_id: number; service_item_id: number; resource_id: number };
  service_item_levels: { company_id: number; service_item_id: number; level_id: number };
  service_item_images: {
    company_id: number;
    service_item_id: number;
    mime: string;
    bytes: Buffer;
    width: number;
    height: number;
    sha256: string;
    updated_at: Timestamp;
  };
  service_orders: {
    id: Serial;
    company_id: number;
    resource_id: number;
    declaration_id: number | null;
    ordered_by: number | null;
    delivery_at: Timestamp;
    notes: Generated<string>;
    status: Generated<ServiceStatusKey>;
    currency_id: number;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  service_order_items: {
    id: Serial;
    company_id: number;
    service_order_id: number;
    service_item_id: number;
    quantity: number;
    unit_price_cents: number;
    notes: Generated<string>;
    status: Generated<ServiceStatusKey>;
  };
  service_order_history: {
    id: Generated<string>;
    company_id: number;
    service_order_id: number;
    service_order_item_id: number | null;
    action: 'created' | 'status' | 'moved' | 'cancelled_with_booking';
    status: ServiceStatusKey | null;
    delivery_at: Date | null;
    changed_by: number | null;
    changed_at: Timestamp;
  };
  // 0210_service_problem_reports: problems reported from the public /service/{code} page
  service_problem_reports: {
    id: Serial;
    company_id: number;
    resource_id: number;
    service_type_id: number | null;
    description: string;
    reported_by: number | null;
    created_at: Timestamp;
    resolved_at: Date | null;
    resolved_by: number | null;
  };
}
