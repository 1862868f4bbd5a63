import type { ArabicLabels } from '../../labels';

/** Arabic labels of ../company-profile.ts, machine-drafted: to be reviewed by a native speaker. */
export const AR_COMPANY_PROFILE: ArabicLabels = {
  'company-profile.title': 'ملف تعريف الشركة',
  'company-profile.name': 'الاسم',
  'company-profile.subdomain': 'المجال الفرعي',
  'company-profile.subdomain-hint': 'عنوان الشركة؛ ويغيّره مسؤولو النظام الأساسي.',
  'company-profile.defaults': 'الإعدادات الافتراضية للشركة',
  'company-profile.country': 'البلد',
  'company-profile.language': 'اللغة',
  'company-profile.currency': 'العملة',
  'company-profile.timezone': 'المنطقة الزمنية',
  'company-profile.saved': 'تم الحفظ.',
};
