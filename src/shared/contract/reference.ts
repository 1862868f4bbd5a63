import { z } from 'zod';

/** Reference data shipped in the initial answers (spec §3 login/initial response). */
export const Language = z.object({
  id: z.number().int(),
  code: z.string(), // 'en'
  locale: z.string(), // 'en-GB'
  name: z.string(),
});
export const Country = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const Timezone = z.object({
  id: z.number().int(),
  name: z.string(), // IANA name, 'Europe/Zurich'
  offset: z.string(), // '+01:00', the standard offset
});
export const Currency = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
});
export const DataRegion = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const CompanyType = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const PreferenceCategory = z.object({ id: z.number().int(), key: z.string(), name: z.string() });
export const DeviceTemplate = z.object({ id: z.number().int(), name: z.string(), device_type: z.string() });

export type Language = z.infer<typeof Language>;
export type Country = z.infer<typeof Country>;
export type Timezone = z.infer<typeof Timezone>;
export type Currency = z.infer<typeof Currency>;
export type DataRegion = z.infer<typeof DataRegion>;
export type CompanyType = z.infer<typeof CompanyType>;
export type PreferenceCategory = z.infer<typeof PreferenceCategory>;
export type DeviceTemplate = z.infer<typeof DeviceTemplate>;

/** spec §3 "Login labels response": a label with its translations. */
export const Label = z.object({
  code: z.string(), // 'general.login.title'
  content: z.string(), // in the requested locale, English when missing
  translations: z.array(z.object({ locale: z.string(), content: z.string() })),
});
export type Label = z.infer<typeof Label>;

export const LabelsBody = z.object({ status: z.literal('success'), labels: z.array(Label) });
export type LabelsBody = z.infer<typeof LabelsBody>;

/** GET master/v1/initial-data: what the login screens need before anyone is signed in. */
export const MasterInitialData = z.object({
  languages: z.array(Language),
  countries: z.array(Country),
  timezones: z.array(Timezone),
  currencies: z.array(Currency),
});
export type MasterInitialData = z.infer<typeof MasterInitialData>;
