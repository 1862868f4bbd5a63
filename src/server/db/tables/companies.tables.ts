import type { Generated } from 'kysely';
import type { AccessType } from '../../../shared/permissions';
import type { Optional, Timestamp, Serial } from './column-types';

/** A company, its users and their access: roles, user containers, delegations; preferences and documents. */
export interface CompanyTables {
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
    // 0080_company_lifecycle: soft deletion and the purge it schedules
    deleted_at: Date | null;
    purge_after: Date | null;
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
    // 0060_removed_users: the company's placeholder holding deleted users' bookings
    stands_for_removed: Generated<boolean>;
    // 0260_one_click: found by find-person (null: the company's FIND_PERSON_VISIBLE)
    find_person_visible: Optional<boolean>;
  };
  roles: { id: Serial; company_id: number; name: string; kind: Generated<AccessType> };
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
  // 0061_resource_assignments
  resource_assignments: {
    id: Serial;
    company_id: number;
    user_id: number;
    resource_id: number;
    created_at: Timestamp;
  };
  // 0055_assignment_breaks
  resource_assignment_breaks: {
    id: Serial;
    company_id: number;
    assignment_id: number;
    starts_at: Timestamp;
    ends_at: Timestamp;
    created_at: Timestamp;
  };
  // 0062_user_invitations
  user_invitations: {
    id: Serial;
    company_id: number;
    user_id: number;
    token_hash: string;
    invited_by: number | null;
    expires_at: Timestamp;
    used_at: Date | null;
    created_at: Timestamp;
  };
  /** every container of spec §3, whatever its access type (0040_access_model) */
  user_containers: { id: Serial; company_id: number; name: string; access_type: Generated<AccessType> };
  user_container_members: { company_id: number; container_id: number; user_id: number };
  user_container_roles: { company_id: number; container_id: number; role_id: number };
  container_levels: { company_id: number; container_id: number; level_id: number };
  container_resources: { company_id: number; container_id: number; resource_id: number };
  container_reception_desks: { company_id: number; container_id: number; reception_desk_id: number };
  container_user_managers: { company_id: number; container_id: number; user_id: number };
  mega_containers: { id: Serial; company_id: number; name: string };
  mega_container_containers: { company_id: number; mega_container_id: number; container_id: number };
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
  company_documents: {
    id: Serial;
    company_id: number;
    publish_date: Timestamp;
    created_at: Timestamp;
    // 0230_company_documents
    version: Generated<number>;
    version_at: Timestamp;
    updated_at: Timestamp;
    pdf: Buffer | null;
    pdf_name: string | null;
    reminded_at: Date | null;
  };
  company_document_translations: {
    company_id: number;
    document_id: number;
    language_code: string;
    name: string;
    content: string;
  };
  company_document_applications: { company_id: number; document_id: number; application_id: number };
  document_acceptances: {
    company_id: number;
    document_id: number;
    user_id: number;
    accepted_at: Timestamp;
    version: Generated<number>; // 0230
  };
  // 0230_company_documents: a visitor's acceptance at the kiosk, for the visit
  visit_document_acceptances: {
    company_id: number;
    visit_id: number;
    document_id: number;
    version: number;
    accepted_at: Timestamp;
  };
}
