import { z } from 'zod';
import { password, requiredText } from '../validation/schemas';
import { MESSAGES } from '../validation/messages';
import { Instant } from './calendar-date';
import { COMPANY_PREFIX } from './common';
import { IdText, PositiveId } from './ids';

/** spec §2 /profile (USER_PROFILE): the signed-in user's own settings. Company only. */
export const profilePaths = {
  profile: `${COMPANY_PREFIX}/profile`,
  changePassword: `${COMPANY_PREFIX}/profile/change-password`,
  groups: `${COMPANY_PREFIX}/profile/groups`,
  roles: `${COMPANY_PREFIX}/profile/roles`,
  photo: `${COMPANY_PREFIX}/profile/photo`,
  assignedResources: `${COMPANY_PREFIX}/profile/assigned-resources`,
  assignedResource: `${COMPANY_PREFIX}/profile/assigned-resources/:assignmentId`,
  breaks: `${COMPANY_PREFIX}/profile/assigned-resources/:assignmentId/breaks`,
  break: `${COMPANY_PREFIX}/profile/assigned-resources/:assignmentId/breaks/:breakId`,
};

export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;

export const Profile = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  language_id: z.number().int(),
  timezone: z.string(),
  country_id: z.number().int().nullable(),
  /** the photo's address (GET, with the bearer token), or null without one */
  photo_url: z.string().nullable(),
});
export type Profile = z.infer<typeof Profile>;

/** language, timezone, country: one field per sub-screen, so each is optional (country may be cleared). */
export const UpdateProfileBody = z.strictObject({
  language_id: PositiveId.optional(),
  timezone: requiredText(64).optional(),
  country_id: PositiveId.nullable().optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBody>;

export const ChangePasswordBody = z
  .strictObject({
    current_password: requiredText(1024),
    password: password(),
    password_confirmation: requiredText(1024),
  })
  .superRefine((body, ctx) => {
    if (body.password !== body.password_confirmation)
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: MESSAGES.confirmed });
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** groups: the user containers the user belongs to. */
export const ProfileGroups = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ProfileGroups = z.infer<typeof ProfileGroups>;

/** roles: each role the user holds, with the groups it comes through. */
export const ProfileRoles = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), groups: z.array(z.string()) })),
});
export type ProfileRoles = z.infer<typeof ProfileRoles>;

export const ProfilePhotoBody = z.strictObject({
  content_base64: z
    .string()
    .min(1, MESSAGES.required)
    .max(Math.ceil(PROFILE_PHOTO_MAX_BYTES / 3) * 4 + 4, 'The file must be 2 MB or smaller.'),
});

/** A time the holder of an assigned resource is away: others may book it then (ISO instants, UTC). */
export const AssignmentBreak = z.object({
  id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
});
export type AssignmentBreak = z.infer<typeof AssignmentBreak>;

/** assigned-resources: the user's own resources, each with its breaks not over yet, soonest first. */
export const ProfileAssignment = z.object({
  id: z.number().int(),
  resource_id: z.number().int(),
  resource_name: z.string(),
  level_id: z.number().int(),
  level_path: z.string(),
  breaks: z.array(AssignmentBreak),
});
export type ProfileAssignment = z.infer<typeof ProfileAssignment>;
export const ProfileAssignments = z.object({ data: z.array(ProfileAssignment) });
export type ProfileAssignments = z.infer<typeof ProfileAssignments>;

export const AssignmentParams = z.object({ assignmentId: IdText });
export const BreakParams = z.object({ assignmentId: IdText, breakId: IdText });

/** add-break and :breakId (the order and the past are checked by breakErrors, with the same messages) */
export const AssignmentBreakBody = z.strictObject({
  starts_at: Instant(),
  ends_at: Instant(),
});
export type AssignmentBreakBody = z.infer<typeof AssignmentBreakBody>;
