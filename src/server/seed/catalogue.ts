import { APPLICATION_IDS } from '../../shared/contract/applications';
import { PERMISSION_TYPE_OF, SCOPED_PERMISSIONS } from '../../shared/permissions';

/** Reference data every database has, demo or not. Inserted when missing, never overwritten. */

export const LANGUAGES = [
  { code: 'en', locale: 'en-GB', name: 'English' },
  { code: 'fr', locale: 'fr-FR', name: 'Français' },
  { code: 'de', locale: 'de-DE', name: 'Deutsch' },
  { code: 'it', locale: 'it-IT', name: 'Italiano' },
  { code: 'es', locale: 'es-ES', name: 'Español' },
  { code: 'nl', locale: 'nl-NL', name: 'Nederlands' },
  { code: 'pt', locale: 'pt-PT', name: 'Português' },
  // right to left; its labels are machine-drafted (seed/labels/ar)
  { code: 'ar', locale: 'ar', name: 'العربية' },
];

export const COUNTRIES = [
  ['CH', 'Switzerland'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['AT', 'Austria'],
  ['IT', 'Italy'],
  ['ES', 'Spain'],
  ['PT', 'Portugal'],
  ['NL', 'Netherlands'],
  ['BE', 'Belgium'],
  ['LU', 'Luxembourg'],
  ['GB', 'United Kingdom'],
  ['IE', 'Ireland'],
  ['SE', 'Sweden'],
  ['PL', 'Poland'],
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['BR', 'Brazil'],
  ['JP', 'Japan'],
  ['SG', 'Singapore'],
  ['AU', 'Australia'],
  ['IN', 'India'],
  ['AE', 'United Arab Emirates'],
].map(([code, name]) => ({ code: code!, name: name! }));

export const CURRENCIES = [
  ['CHF', 'Swiss franc', 'CHF'],
  ['EUR', 'Euro', '€'],
  ['USD', 'US dollar', '$'],
  ['GBP', 'Pound sterling', '£'],
  ['SEK', 'Swedish krona', 'kr'],
  ['PLN', 'Polish złoty', 'zł'],
  ['CAD', 'Canadian dollar', 'CA$'],
  ['BRL', 'Brazilian real', 'R$'],
  ['JPY', 'Japanese yen', '¥'],
  ['SGD', 'Singapore dollar', 'S$'],
  ['AUD', 'Australian dollar', 'A$'],
  ['INR', 'Indian rupee', '₹'],
].map(([code, name, symbol]) => ({ code: code!, name: name!, symbol: symbol! }));

// Standard (winter) offsets: spec §3 "Timezone: offset".
export const TIMEZONES = [
  ['UTC', '+00:00'],
  ['Europe/London', '+00:00'],
  ['Europe/Dublin', '+00:00'],
  ['Europe/Lisbon', '+00:00'],
  ['Europe/Zurich', '+01:00'],
  ['Europe/Berlin', '+01:00'],
  ['Europe/Paris', '+01:00'],
  ['Europe/Vienna', '+01:00'],
  ['Europe/Rome', '+01:00'],
  ['Europe/Madrid', '+01:00'],
  ['Europe/Amsterdam', '+01:00'],
  ['Europe/Brussels', '+01:00'],
  ['Europe/Luxembourg', '+01:00'],
  ['Europe/Stockholm', '+01:00'],
  ['Europe/Warsaw', '+01:00'],
  ['Europe/Helsinki', '+02:00'],
  ['Europe/Athens', '+02:00'],
  ['Africa/Cairo', '+02:00'],
  ['Africa/Johannesburg', '+02:00'],
  ['Europe/Istanbul', '+03:00'],
  ['Europe/Moscow', '+03:00'],
  ['Asia/Dubai', '+04:00'],
  ['Asia/Kolkata', '+05:30'],
  ['Asia/Singapore', '+08:00'],
  ['Asia/Shanghai', '+08:00'],
  ['Asia/Tokyo', '+09:00'],
  ['Australia/Sydney', '+10:00'],
  ['Pacific/Auckland', '+12:00'],
  ['America/Sao_Paulo', '-03:00'],
  ['America/New_York', '-05:00'],
  ['America/Toronto', '-05:00'],
  ['America/Chicago', '-06:00'],
  ['America/Mexico_City', '-06:00'],
  ['America/Denver', '-07:00'],
  ['America/Los_Angeles', '-08:00'],
].map(([name, utc_offset]) => ({ name: name!, utc_offset: utc_offset! }));

export const DATA_REGIONS = [
  { code: 'EU', name: 'European Union' },
  { code: 'US', name: 'United States' },
  { code: 'CH', name: 'Switzerland' },
];

export const COMPANY_TYPES = [
  { code: 'ENTERPRISE', name: 'Enterprise' },
  { code: 'SME', name: 'Small or medium business' },
  { code: 'COWORKING', name: 'Coworking space' },
  { code: 'PUBLIC_SECTOR', name: 'Public sector' },
  { code: 'EDUCATION', name: 'Education' },
];

const APPLICATION_NAMES: Record<keyof typeof APPLICATION_IDS, [key: string, name: string]> = {
  hub: ['hub', 'Hub'],
  maps: ['maps', '5D maps'],
  realTime: ['real-time', 'Real-time'],
  plan: ['plan', 'Plan'],
  visitor: ['visitor', 'Visitor'],
  oneClick: ['one-click', 'One-click'],
  myVisits: ['my-visits', 'My visits'],
  bookings: ['bookings', 'Bookings'],
};
export const APPLICATIONS = (Object.keys(APPLICATION_IDS) as Array<keyof typeof APPLICATION_IDS>).map(
  (id) => ({
    id: APPLICATION_IDS[id],
    key: APPLICATION_NAMES[id][0],
    name: APPLICATION_NAMES[id][1],
  }),
);

export const PERMISSIONS = [
  ...Object.entries(PERMISSION_TYPE_OF).map(([name, type]) => ({ name, type, category: 'USER' as const })),
  ...Object.entries(SCOPED_PERMISSIONS).map(([name, { type, category }]) => ({ name, type, category })),
];

export const PREFERENCE_CATEGORIES = [
  { key: 'GENERAL', name: 'General' },
  { key: 'MENU', name: 'Menu' },
  { key: 'TIME', name: 'Date and time' },
  { key: 'BOOKINGS', name: 'Bookings' },
  { key: 'REPORTS', name: 'Reports' },
];

/** spec §6 menu-preference guard: one menu preference per module. */
export const MENU_MODULES = [
  'PLAN',
  'BOOKINGS',
  'CLEAN',
  'COCKPIT',
  'ONE_CLICK',
  'REAL_TIME',
  '5D_MAPS',
  'SERVICES',
  'REPORTS',
  'VISITOR_MANAGEMENT',
  'MY_VISITORS',
  'MY_VISITS',
  'SCHEDULER',
] as const;

export const DEVICE_TEMPLATES = [
  { name: 'Desk display', device_type: 'DISPLAY' },
  { name: 'Room panel', device_type: 'DISPLAY' },
  { name: 'Reception kiosk', device_type: 'RECEPTION_DESK' },
  { name: 'Check-in terminal', device_type: 'TERMINAL' },
];
