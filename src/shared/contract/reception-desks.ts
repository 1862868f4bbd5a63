import { z } from 'zod';
import { requiredText } from '../validation/schemas';
import { MAIL_BODY_MAX, MAIL_SUBJECT_MAX, VISITOR_MAIL_TYPES } from '../visitors/mail-templates';
import { COMPANY_PREFIX } from './common';
import { IdText, PositiveId } from './ids';
import { TimeOfDay } from './levels';

/** spec §2 /reception-desks and §7 "Reception desks". */
export const receptionDesksPath = `${COMPANY_PREFIX}/reception-desks`;
export const receptionDeskPaths = {
  all: receptionDesksPath,
  one: `${receptionDesksPath}/:id`,
  allowedContainers: `${receptionDesksPath}/allowed-containers/:id`,
  containers: `${receptionDesksPath}/containers`,
  emailTemplates: `${receptionDesksPath}/:id/email-templates`,
  emailTemplate: `${receptionDesksPath}/:id/email-templates/:typeId`,
} as const;

export const NamedRef = z.object({ id: z.number().int(), name: z.string() });
export type NamedRef = z.infer<typeof NamedRef>;

export const ReceptionDeskTranslation = z.object({
  language_id: z.number().int(),
  locale: z.string(),
  name: z.string(),
});

/** spec §3 Reception desk. `name` is in the caller's language (else the company's, else any). */
export const ReceptionDesk = z.object({
  id: z.number().int(),
  name: z.string(),
  translations: z.array(ReceptionDeskTranslation),
  level_id: z.number().int().nullable(),
  level_name: z.string().nullable(),
  parent_id: z.number().int().nullable(),
  parent_name: z.string().nullable(),
  /** the user container every visitor of this desk joins (spec §5's "fixed user container") */
  user_container_id: z.number().int().nullable(),
  user_container_name: z.string().nullable(),
  allowed_containers: z.array(NamedRef),
  language_id: z.number().int().nullable(),
  /** the kiosk's language: the desk's, else the company's */
  locale: z.string(),
  working_hours_from: z.string(),
  working_hours_to: z.string(),
  timezone: z.string(),
  /** the kiosk's address code: only for those who manage desks (RECEPTIONS read), else null */
  kiosk_code: z.string().nullable(),
  /** the kiosk's device template (type RECEPTION_DESK); null: the company's default */
  device_template_id: z.number().int().nullable(),
});
export type ReceptionDesk = z.infer<typeof ReceptionDesk>;

export const ReceptionDeskList = z.object({ data: z.array(ReceptionDesk) });
export type ReceptionDeskList = z.infer<typeof ReceptionDeskList>;

const flag = z.enum(['0', '1']).optional();

/** GET reception-desks: parents=1 lists the desks that may be a parent of exclude_id (not itself or below it). */
export const ReceptionDeskListQuery = z.object({
  parents: flag,
  exclude_id: IdText.optional(),
  lang: z.string().max(16).optional(),
});
export type ReceptionDeskListQuery = z.infer<typeof ReceptionDeskListQuery>;

const deskFields = {
  translations: z
    .array(z.strictObject({ language_id: PositiveId, name: requiredText(120) }))
    .min(1, 'This field is required.')
    .max(50),
  level_id: PositiveId.nullable(),
  parent_id: PositiveId.nullable(),
  user_container_id: PositiveId.nullable(),
  allowed_container_ids: z.array(PositiveId).max(500),
  language_id: PositiveId.nullable(),
  device_template_id: PositiveId.nullable(),
  working_hours_from: TimeOfDay,
  working_hours_to: TimeOfDay,
};

export const CreateReceptionDeskBody = z.strictObject(deskFields).partial().required({ translations: true });
export type CreateReceptionDeskBody = z.infer<typeof CreateReceptionDeskBody>;

export const UpdateReceptionDeskBody = z.strictObject(deskFields).partial();
export type UpdateReceptionDeskBody = z.infer<typeof UpdateReceptionDeskBody>;

/** GET reception-desks/containers?access_type_ids=USER: the containers a desk may name. */
export const DeskContainersQuery = z.object({
  access_type_ids: z.string().max(200).optional(),
});
export const DeskContainerList = z.object({ data: z.array(NamedRef) });
export type DeskContainerList = z.infer<typeof DeskContainerList>;

/** GET reception-desks/allowed-containers/{id}: what a visitor of the desk may join. */
export const AllowedContainers = z.object({
  data: z.array(NamedRef),
  /** the desk's fixed user container, which new visitors start in */
  user_container_id: z.number().int().nullable(),
});
export type AllowedContainers = z.infer<typeof AllowedContainers>;

/** A desk's e-mail of one type (edit-email/:typeId): its own text, or null for the built-in one. */
export const DeskEmailTemplate = z.object({
  type_id: z.number().int(),
  type: z.enum(VISITOR_MAIL_TYPES),
  custom: z.boolean(),
  /** the desk's own, else the built-in text; null: no mail of the type is sent (departure) */
  subject: z.string().nullable(),
  body: z.string().nullable(),
});
export type DeskEmailTemplate = z.infer<typeof DeskEmailTemplate>;
export const DeskEmailTemplateList = z.object({ data: z.array(DeskEmailTemplate) });
export type DeskEmailTemplateList = z.infer<typeof DeskEmailTemplateList>;

export const EmailTemplateParams = z.object({ id: IdText, typeId: IdText });
export const EmailTemplateBody = z.strictObject({
  subject: requiredText(MAIL_SUBJECT_MAX),
  body: requiredText(MAIL_BODY_MAX),
});
export type EmailTemplateBody = z.infer<typeof EmailTemplateBody>;
