import type { ArabicLabels } from '../../labels';

/** Arabic labels of ../resource-catalogue.ts, machine-drafted: to be reviewed by a native speaker. */
export const AR_RESOURCE_CATALOGUE: ArabicLabels = {
  'resource-types.title': 'أنواع الموارد',
  'resource-types.add': 'إضافة نوع مورد',
  'resource-types.edit': 'تحرير نوع المورد',
  'resource-types.name-translations': 'ترجمات الاسم',
  'resource-types.empty': 'لم يتم العثور على أنواع موارد.',
  'resource-types.key': 'المفتاح',
  'resource-types.key-hint': 'أحرف لاتينية صغيرة وأرقام وشرطات؛ يُشتق من الاسم إذا تُرك فارغاً.',
  'resource-types.icon': 'الأيقونة',
  'resource-types.bookable': 'قابل للحجز',
  'resource-types.saved': 'تم الحفظ.',
  'resource-types.delete': 'حذف',
  'resource-types.delete-confirm': 'هل تريد حذف نوع المورد {name}؟',
  'resource-attributes.title': 'سمات الموارد',
  'resource-attributes.add': 'إضافة سمة مورد',
  'resource-attributes.edit': 'تحرير سمة المورد',
  'resource-attributes.name-translations': 'ترجمات الاسم',
  'resource-attributes.empty': 'لم يتم العثور على سمات موارد.',
  'resource-attributes.key': 'المفتاح',
  'resource-attributes.key-hint': 'أحرف لاتينية صغيرة وأرقام وشرطات؛ يُشتق من الاسم إذا تُرك فارغاً.',
  'resource-attributes.icon': 'الأيقونة',
  'resource-attributes.saved': 'تم الحفظ.',
  'resource-attributes.delete': 'حذف',
  'resource-attributes.delete-confirm': 'هل تريد حذف سمة المورد {name}؟',
};
