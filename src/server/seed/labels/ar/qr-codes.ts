import type { ArabicLabels } from '../../labels';

/** Arabic labels of ../qr-codes.ts, machine-drafted: to be reviewed by a native speaker. */
export const AR_QR_CODES: ArabicLabels = {
  'qr-codes.read.title': 'الرمز الممسوح ضوئياً',
  'qr-codes.read.unknown': 'رمز QR هذا غير معروف.',
  'qr-codes.read.other-company': 'ينتمي رمز QR هذا إلى شركة أخرى.',
  'qr-codes.read.capacity': 'السعة',
  'qr-codes.read.manage-resource': 'إدارة هذا المورد',
  'qr-codes.read.manage-level': 'إدارة هذا المستوى',
};
