import type { ArabicLabels } from '../../labels';

/** Arabic labels of ../logs.ts, machine-drafted: to be reviewed by a native speaker. */
export const AR_LOGS: ArabicLabels = {
  'logs.title': 'السجلات',
  'logs.active': 'تسجيل سجل التدقيق',
  'logs.from': 'من',
  'logs.to': 'إلى',
  'logs.bad-period': 'يجب ألا تسبق النهاية البداية.',
  'logs.export': 'تصدير CSV',
  'logs.exports': 'عمليات التصدير',
  'logs.period': 'من {from} إلى {to}',
  'logs.lines': '{count} سطر',
  'logs.failed': 'فشل',
  'logs.preparing': 'جارٍ التجهيز…',
  'logs.progress': 'تقدم التصدير',
  'logs.download': 'تنزيل',
  'messages.server.logs.not-found': 'لم يتم العثور على تصدير السجل.',
  'messages.server.logs.too-long': 'اختر فترة لا تتجاوز {days} يومًا.',
};
