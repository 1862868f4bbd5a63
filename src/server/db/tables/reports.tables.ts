import type { ColumnType, Generated } from 'kysely';
import type { Serial } from './column-types';

interface Figures {
  booked_s: Generated<number>;
  used_s: Generated<number>;
  bookings: Generated<number>;
  no_shows: Generated<number>;
}

/** Reports (0110, 0111, 0220): the figures triggers keep per resource and hour, settings, filter presets, weekly mails. */
export interface ReportTables {
  report_hours: Figures & {
    company_id: number;
    resource_id: number;
    day: string;
    hour: number;
    check_ins: Generated<number>;
  };
  report_days: Figures & {
    company_id: number;
    resource_id: number;
    day: string;
    check_ins: Generated<number>;
  };
  report_user_days: Figures & { company_id: number; user_id: number; day: string };
  report_settings: {
    company_id: number;
    min_average_max_report_color: string;
    historical_occupancy_report_color: string;
    prediction_daily_report_color: string;
    prediction_weekday_report_color: string;
    demo: boolean;
  };
  report_presets: {
    id: Serial;
    company_id: number;
    user_id: number;
    section: string;
    name: string;
    order: Generated<number>;
    is_active: Generated<boolean>;
    preset: ColumnType<unknown, string, string>;
    created_at: Generated<Date>;
  };
  // 0220_report_subscriptions: weekly report mails
  report_subscriptions: {
    id: Serial;
    company_id: number;
    user_id: number;
    preset_id: number;
    weekday: number;
    hour: number;
    attach_csv: Generated<boolean>;
    next_at: Date;
    last_sent_at: Date | null;
    created_at: Generated<Date>;
  };
}
