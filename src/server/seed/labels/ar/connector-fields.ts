import type { ArabicLabels } from '../../labels';

/** Arabic labels of ../connector-fields.ts, machine-drafted: to be reviewed by a native speaker. */
export const AR_CONNECTOR_FIELDS: ArabicLabels = {
  'connectors.field.directory-tenant-id': 'معرّف الدليل (المستأجر)',
  'connectors.field.application-client-id': 'معرّف التطبيق (العميل)',
  'connectors.field.client-secret': 'سر العميل',
  'connectors.field.microsoft-graph-endpoint': 'نقطة نهاية Microsoft Graph',
  'connectors.field.sign-in-endpoint': 'نقطة نهاية تسجيل الدخول',
  'connectors.field.change-notification-url': 'عنوان URL لإعلامات التغيير',
  'connectors.field.oauth-client-id': 'معرّف عميل OAuth',
  'connectors.field.oauth-client-secret': 'سر عميل OAuth',
  'connectors.field.service-account-e-mail': 'البريد الإلكتروني لحساب الخدمة',
  'connectors.field.service-account-private-key': 'المفتاح الخاص لحساب الخدمة',
  'connectors.field.calendar-api-endpoint': 'نقطة نهاية واجهة برمجة تطبيقات التقويم',
  'connectors.field.consent-endpoint': 'نقطة نهاية الموافقة',
  'connectors.field.token-endpoint': 'نقطة نهاية الرمز المميز',
  'connectors.field.caldav-server-url': 'عنوان URL لخادم CalDAV',
  'connectors.field.user-name': 'اسم المستخدم',
  'connectors.field.password': 'كلمة المرور',
};
