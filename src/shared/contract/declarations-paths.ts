// spec §7 Declarations: the addresses and the approval statuses' ids, apart from the schemas
// (declarations.ts), so that the booking screens read them without zod.
import { APPROVAL_STATUSES } from '../booking/declaration-rules';
import { COMPANY_PREFIX } from './common';

/** the id of an approval status: its position in APPROVAL_STATUSES, from 1 */
export const approveStatusId = (key: (typeof APPROVAL_STATUSES)[number]) =>
  APPROVAL_STATUSES.indexOf(key) + 1;

export const declarationsPath = `${COMPANY_PREFIX}/declarations`;
export const declarationPaths = {
  all: declarationsPath,
  one: `${declarationsPath}/:id`,
  approveStatuses: `${declarationsPath}/approve-statuses`,
  assign: `${declarationsPath}/assign/:declarationId/:statusId`,
  checkIn: `${declarationsPath}/:id/check-in`,
  checkOut: `${declarationsPath}/:id/check-out`,
  extend: `${declarationsPath}/:id/extend`,
} as const;
export const declarationPath = (id: number) => `${declarationsPath}/${id}`;
