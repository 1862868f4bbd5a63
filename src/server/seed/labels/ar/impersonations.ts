import type { ArabicLabels } from '../../labels';

/** Arabic labels of ../impersonations.ts, machine-drafted: to be reviewed by a native speaker. */
export const AR_IMPERSONATIONS: ArabicLabels = {
  'master.impersonate.open': 'فتح بصفة مسؤول',
  'master.impersonate.title': 'فتح {name} بصفة مسؤول',
  'master.impersonate.explain':
    'ستتصرف بصفتك أحد مسؤوليها لمدة {minutes} دقيقة. يرى مسؤولو الشركة من فتحها ومتى ولماذا، وكل تغيير تم إجراؤه.',
  'master.impersonate.reason': 'السبب',
  'impersonation.banner-label': 'العمل بصفة مسؤول',
  'impersonation.banner': 'أنت تعمل بصفة مسؤول في {company} حتى {time}',
  'impersonation.end': 'إنهاء',
  'impersonation.title': 'وصول المسؤولين',
  'impersonation.intro':
    'يمكن لمسؤولي النظام الأساسي فتح الشركة بصفة أحد مسؤوليها، لمدة محدودة ولسبب مذكور. تُدرج هنا كل عملية فتح وكل تغيير تم إجراؤه خلالها.',
  'impersonation.none': 'لم يفتح أي من مسؤولي النظام الأساسي الشركة.',
  'impersonation.who': '{platform} بصفة {admin}',
  'impersonation.when': '{start} – {end}',
  'impersonation.reason': 'السبب: {reason}',
  'impersonation.running': 'قيد التقدم',
  'impersonation.changes': 'التغييرات: {count}',
  'impersonation.changes-label': 'التغييرات التي تم إجراؤها',
  'impersonation.no-changes': 'لم يتم تغيير أي شيء.',
};
