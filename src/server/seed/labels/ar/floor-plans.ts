import type { ArabicLabels } from '../../labels';

/** Arabic labels of ../floor-plans.ts, machine-drafted: to be reviewed by a native speaker. */
export const AR_FLOOR_PLANS: ArabicLabels = {
  'floor-plans.marker': '{name}، في الموضع {x}%، {y}%',
  'floor-plans.keyboard-hint':
    'اسحب علامة لنقلها، أو ركّز عليها واستخدم مفاتيح الأسهم (Shift: بمقدار 5% في كل مرة).',
  'floor-plans.unplaced': 'غير موجود على المخطط',
  'floor-plans.all-placed': 'جميع الموارد موجودة على المخطط.',
  'floor-plans.tray-hint': 'اسحب مورداً إلى المخطط، أو حدده وضعه في المنتصف.',
  'floor-plans.place-at-centre': 'وضع في المنتصف',
  'floor-plans.placement': 'الموارد على المخطط',
  'floor-plans.plan-of': 'مخطط الطابق {name}',
  'floor-plans.save-to-place': 'احفظ هذا المخطط لوضع الموارد عليه.',
  'levels.no-country': 'لا يوجد بلد',
  'levels.no-name': 'لا يوجد اسم بعد',
  'levels.settings': 'الإعدادات',
};
