import type { SsoFieldKey } from '../../../../shared/contract/sso';

type Translate = (code: string, english: string) => string;

export const fieldLabel = (t: Translate, field: SsoFieldKey) =>
  field === 'email'
    ? t('connectors-sso.field-email', 'E-mail address')
    : field === 'first_name'
      ? t('connectors-sso.field-first-name', 'First name')
      : t('connectors-sso.field-last-name', 'Last name');
