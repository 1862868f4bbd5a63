import type { ArabicLabels } from '../../labels';

/** Arabic labels of ../two-factor.ts, machine-drafted: to be reviewed by a native speaker. */
export const AR_TWO_FACTOR: ArabicLabels = {
  'two-factor.title': 'تسجيل الدخول بعاملين',
  'two-factor.explain':
    'عند تشغيل تسجيل الدخول بعاملين، يُطلب منك عند تسجيل الدخول، بعد كلمة المرور، إدخال رمز من تطبيق على هاتفك.',
  'two-factor.on': 'مُفعّل',
  'two-factor.off': 'غير مُفعّل',
  'two-factor.codes-left_zero': 'يتبقى {count} رمز استرداد',
  'two-factor.codes-left_one': 'يتبقى {count} رمز استرداد',
  'two-factor.codes-left_two': 'يتبقى {count} رمزا استرداد',
  'two-factor.codes-left_few': 'تتبقى {count} رموز استرداد',
  'two-factor.codes-left_many': 'يتبقى {count} رمزَ استرداد',
  'two-factor.codes-left_other': 'يتبقى {count} رمز استرداد',
  'two-factor.required': 'تشترط شركتك تسجيل الدخول بعاملين للمسؤولين.',
  'two-factor.required-at-sign-in': 'تشترط شركتك تسجيل الدخول بعاملين للمسؤولين. قم بإعداده للمتابعة.',
  'two-factor.enable': 'تشغيل تسجيل الدخول بعاملين',
  'two-factor.disable': 'إيقاف تشغيل تسجيل الدخول بعاملين',
  'two-factor.disable-hint': 'سيُطلب منك عند تسجيل الدخول إدخال كلمة المرور فقط.',
  'two-factor.turn-on': 'تشغيل',
  'two-factor.turn-off': 'إيقاف التشغيل',
  'two-factor.password': 'كلمة المرور',
  'two-factor.scan':
    'امسح رمز QR هذا ضوئياً باستخدام تطبيق مصادقة (Microsoft Authenticator أو Google Authenticator أو 1Password…)، ثم اكتب الرمز الذي يعرضه.',
  'two-factor.qr-alt': 'رمز QR لإضافة هذا الحساب إلى تطبيق مصادقة',
  'two-factor.secret': 'أو اكتب هذا المفتاح في التطبيق:',
  'two-factor.code': 'الرمز من تطبيق المصادقة',
  'two-factor.code-or-recovery': 'الرمز من تطبيق المصادقة، أو رمز استرداد',
  'two-factor.enter-code': 'افتح تطبيق المصادقة واكتب الرمز الذي يعرضه.',
  'two-factor.verify': 'تحقق',
  'two-factor.back-to-login': 'العودة إلى تسجيل الدخول',
  'two-factor.recovery-title': 'تسجيل الدخول بعاملين مُفعّل',
  'two-factor.recovery-hint':
    'احتفظ برموز الاسترداد هذه في مكان آمن. يتيح لك كل رمز منها تسجيل الدخول مرة واحدة إذا فقدت هاتفك. ولن تُعرض إلا الآن.',
  'two-factor.recovery-codes': 'رموز الاسترداد',
  'two-factor.copy': 'نسخ',
  'two-factor.copied': 'تم النسخ',
  'two-factor.download': 'تنزيل',
  'two-factor.codes-kept': 'لقد احتفظت بها',
};
