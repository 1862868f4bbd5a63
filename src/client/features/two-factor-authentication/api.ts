import type { MessageBody } from '../../../shared/contract/common';
import {
  twoFactorPathsOf,
  type DisableTwoFactorBody,
  type RecoveryCodes,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../../../shared/contract/two-factor';
import { api } from '../../api/client';
import { apiPrefix } from '../../api/environment';
import { refreshApi, useApi } from '../../api/swr';

// A company user's own, or on the master host a platform administrator's (spec §7 "Master also has 2fa").
const paths = () => twoFactorPathsOf(apiPrefix());

export const useTwoFactorStatus = () => useApi<TwoFactorStatus>(paths().status);

export const startTwoFactorSetup = () => api.post<TwoFactorSetup>(paths().setup, {});

/** The first code turns it on; answers the recovery codes to show once. */
export async function enableTwoFactor(code: string): Promise<string[]> {
  const answer = await api.post<RecoveryCodes>(paths().enable, { code }, { silent: true });
  await refreshApi(paths().status);
  return answer.recovery_codes;
}

export async function disableTwoFactor(body: DisableTwoFactorBody): Promise<MessageBody> {
  const answer = await api.post<MessageBody>(paths().disable, body);
  await refreshApi(paths().status);
  return answer;
}
