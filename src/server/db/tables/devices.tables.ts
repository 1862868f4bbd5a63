import type { Generated } from 'kysely';
import type { Serial, Timestamp } from './column-types';

/** 0270_devices: device templates, devices (room displays) and the people they act for. */
export interface DeviceTables {
  company_device_templates: {
    id: Serial;
    company_id: number;
    name: string;
    device_type: 'DISPLAY' | 'RECEPTION_DESK';
    language_id: number | null;
    accent: Generated<string>;
    actions: string[];
    durations: Generated<number[]>;
    is_default: Generated<boolean>;
    created_at: Generated<Date>;
  };
  devices: {
    id: Serial;
    company_id: number;
    name: string;
    device_type: Generated<'DISPLAY'>;
    resource_id: number;
    template_id: number;
    code_digest: string;
    code_issued_at: Timestamp;
    last_heartbeat_at: Date | null;
    created_at: Generated<Date>;
  };
  device_users: { company_id: number; device_id: number; user_id: number; type: 'booker' | 'contact' };
}
