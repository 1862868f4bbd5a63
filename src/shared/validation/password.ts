import { z } from 'zod';
import { MESSAGES } from './messages';
import { password, PASSWORD_MIN_LENGTH } from './schemas';

/**
 * The one rule for a new password, wherever one is chosen (an invitation, an administrator's
 * change-password, a reset, the profile): at least PASSWORD_MIN_LENGTH characters, and the
 * confirmation equal to it (spec §5 'min' and 'confirmed'). A server-side check against the list of
 * common passwords joins it in src/server (the list is not for the browser's download).
 */
/** The client form's rules for the two fields, in spec §5 notation. */
export const NEW_PASSWORD_RULES = {
  password: `required|min:${PASSWORD_MIN_LENGTH}`,
  password_confirmation: 'required|confirmed:password',
} as const;

export const newPassword = () => password(PASSWORD_MIN_LENGTH);

/** { password, password_confirmation } with the spec's messages; extend it with more fields. */
export function withNewPassword<T extends z.ZodRawShape>(shape: T) {
  return z
    .strictObject({
      ...shape,
      password: newPassword(),
      password_confirmation: z.string().max(1024),
    })
    .superRefine((value, ctx) => {
      const body = value as { password: string; password_confirmation: string };
      if (body.password !== body.password_confirmation)
        ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: MESSAGES.confirmed });
    });
}
