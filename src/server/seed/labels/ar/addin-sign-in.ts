import type { ArabicLabels } from '../../labels';

/** Arabic labels of ../addin-sign-in.ts, machine-drafted: to be reviewed by a native speaker. */
export const AR_ADDIN_SIGN_IN: ArabicLabels = {
  'general.login.addin.ways': 'طرق تسجيل الدخول',
  'general.login.addin.microsoft': 'المتابعة باستخدام Microsoft 365',
  'general.login.addin.dialog': 'المتابعة باستخدام حساب شركتك',
  'general.login.addin.or-password': 'أو باستخدام حسابك في Workplace',
  'general.login.addin.failed': 'تعذر تسجيل الدخول: {reason}',
  'general.login.addin.dialog-title': 'تسجيل الدخول إلى Workplace',
  'general.login.addin.dialog-hint':
    'تُفتح هنا صفحة تسجيل الدخول الخاصة بشركتك إذا كانت تستخدم واحدة؛ وإلا فسيُطلب منك إدخال كلمة المرور بعد ذلك.',
  'general.login.addin.continue': 'متابعة',
  'general.login.addin.cancel': 'إلغاء',
  'general.login.addin.no-company': 'لا ينتمي هذا الحساب إلى أي شركة.',
  'general.login.addin.signed-in': 'تم تسجيل الدخول. جارٍ العودة إلى Outlook…',
  'general.login.addin.outside': 'افتح هذه الصفحة من الوظيفة الإضافية Workplace في Outlook.',
  'outlook.mailbox-mismatch':
    'لقد سجّلت الدخول إلى Workplace باسم {user}، لكن علبة البريد هذه هي {mailbox}. سجّل الخروج، ثم سجّل الدخول باسم {mailbox} لحجز غرف لاجتماعاتها.',
  'outlook.sign-out': 'تسجيل الخروج',
};
