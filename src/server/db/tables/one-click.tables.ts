import type { Generated } from 'kysely';
import type { Serial, Timestamp } from './column-types';

/** 0260_one_click: each user's one-click page (widgets, contacts, the persons switch). */
export interface OneClickTables {
  one_click_widgets: {
    id: Serial;
    company_id: number;
    user_id: number;
    /** spec §3: plan 1, spacePass 2, findPerson 3, info 4, map 5 */
    kind: number;
    level_id: number | null;
    title: Generated<string>;
    content: Generated<string>;
    url: string | null;
    url_link_name: string | null;
    position: Generated<number>;
    is_active: Generated<boolean>;
    created_at: Timestamp;
  };
  one_click_contacts: {
    company_id: number;
    user_id: number;
    contact_id: number;
    position: Generated<number>;
  };
  one_click_settings: { company_id: number; user_id: number; persons_active: Generated<boolean> };
}
