// spec §7 Delegations: the addresses, apart from the schemas (the booking form reads them without zod).
import { COMPANY_PREFIX } from './common';

export const delegationsPath = `${COMPANY_PREFIX}/delegations`;
export const delegationPaths = {
  list: delegationsPath,
  one: `${delegationsPath}/:id`,
  availablePermissions: `${delegationsPath}/available-permissions/:id`,
  delegateUsers: `${delegationsPath}/delegate-users`,
} as const;
export const delegationPath = (id: number) => `${delegationsPath}/${id}`;
export const availablePermissionsPath = (userId: number) =>
  `${delegationsPath}/available-permissions/${userId}`;
