import { applicationPaths } from '../../../shared/contract/applications';
import { MASTER_PREFIX } from '../../../shared/contract/common';
import type {
  AddVersionBody,
  ApplicationsResponse,
  ApplicationVersion,
  ApplicationVersionsResponse,
} from '../../../shared/contract/applications';
import { authPaths } from '../../../shared/contract/auth';
import type { MessageBody } from '../../../shared/contract/common';
import { helpPaths } from '../../../shared/contract/help';
import { api } from '../../api/client';
import { apiPrefix } from '../../api/environment';
import { useApi } from '../../api/swr';

/** spec §7 POST password-forgot { email }: answers a message. Errors stay on the screen (spec §8). */
export const sendPasswordForgot = (email: string) =>
  api.post<MessageBody>(authPaths(apiPrefix()).passwordForgot, { email }, { silent: true, noRefresh: true });

/** spec §7 GET password-reset/{token}: the address the link was sent to. */
export const checkPasswordResetToken = (token: string) =>
  api.get<{ email: string }>(authPaths(apiPrefix()).passwordResetToken(token), {
    silent: true,
    noRefresh: true,
  });

export const resetPassword = (body: {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}) => api.post<MessageBody>(authPaths(apiPrefix()).passwordReset, body, { silent: true, noRefresh: true });

export const useApplications = () => useApi<ApplicationsResponse>(applicationPaths(apiPrefix()).all);

export const useApplicationVersions = (applicationId: number | null) =>
  useApi<ApplicationVersionsResponse>(
    applicationId === null ? null : applicationPaths(apiPrefix()).versions(applicationId),
  );

/** The items of a list answer ({ data }), or none while it loads. */
export function listOf<T>(answer: { data: T[] } | undefined): T[] {
  return answer?.data ?? [];
}

/** POST master applications/{id}/versions: platform administrators only. */
export const addVersion = (applicationId: number, body: AddVersionBody) =>
  api.post<ApplicationVersion>(applicationPaths(MASTER_PREFIX).versions(applicationId), body);

export const useHelpIndex = () =>
  useApi<{ data: { id: number; path: string; title: string }[] }>(helpPaths(apiPrefix()).index);
