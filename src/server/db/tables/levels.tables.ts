import type { Generated } from 'kysely';
import type { Optional, Timestamp, Serial } from './column-types';

/** Levels (sites, buildings, floors), their maps and QR codes. */
export interface LevelTables {
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
    // 0280_real_time_and_cleaning: the wall screen's token, as a keyed digest
    realtime_token_digest: string | null;
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
    /** 0290: the template its label is printed with; null prints with the company's default */
    template_id: Optional<number>;
  };
  qr_code_templates: {
    id: Serial;
    company_id: number;
    name: string;
    page_size: 'A4' | 'Letter';
    label_width_mm: number;
    label_height_mm: number;
    columns: number;
    rows: number;
    show_name: boolean;
    show_level: boolean;
    show_type: boolean;
    caption: string;
    text_colour: string;
    is_default: Generated<boolean>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
}
