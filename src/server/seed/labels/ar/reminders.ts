import type { ArabicLabels } from '../../labels';

/** Arabic labels of ../reminders.ts, machine-drafted: to be reviewed by a native speaker. */
export const AR_REMINDERS: ArabicLabels = {
  'reminders.check-in.title': 'تسجيل الوصول إلى {resource}',
  'reminders.check-in.body':
    'يبدأ حجزك في {start}. سجّل الوصول قبل {deadline}، وإلا فسيتم تحرير {resource} للآخرين.',
  'reminders.check-in.link': 'سجّل الوصول من هنا: {url}',
  'reminders.check-in.settings': 'يمكنك تغيير طريقة تذكيرك في تفضيلاتك: {url}',
};
