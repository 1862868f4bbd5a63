import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, Serial } from './column-types';

/** Bookings (declarations) and what is built on them: passes, presets, Outlook and scheduler meetings, the stamps bookings are checked against. */
export interface BookingTables {
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
    source: Generated<'plan' | 'outlook' | 'scheduler' | 'grid' | 'calendar' | 'display'>;
    external_ref: string | null;
    /** generated from starts_at and ends_at; never written */
    period: ColumnType<string, never, never>;
    // 0008_booking_history
    resource_name: Generated<string>;
    // 0024_approved_at
    approved_at: Date | null;
    // 0180_check_in_reminders
    check_in_reminded_at: Date | null;
    // 0020_book_declarations: new bookings are written by the function book_declarations
  };
  // 0010_space_passes: a pass is its booking; only its revocation is stored
  space_pass_revocations: {
    company_id: number;
    declaration_id: number;
    revoked_by: number;
    revoked_at: Generated<Date>;
  };
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
  // 0015_outlook_meetings
  outlook_meetings: {
    company_id: number;
    meeting_key: string;
    organizer_id: number;
    item_id: string | null;
    resource_id: number | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    // 0170_outlook_pending_meetings
    pending_since: Date | null;
    confirmed_at: Date | null;
    confirmed_by: 'send' | 'calendar' | null;
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
  scheduler_meeting_bookings: {
    company_id: number;
    meeting_id: number;
    occurrence: number;
    declaration_id: number;
  };
}
