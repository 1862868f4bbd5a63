import { Field, Select } from '@fluentui/react-components';
import { useState } from 'react';
import { UI_LANGUAGES } from '../../../../shared/text/ui-languages';
import { i18n, useLabel } from '../../../i18n/i18n';
import { switchLoginLanguage } from '../login-labels';

/**
 * Before anyone is signed in, the page speaks the language chosen here, else the browser's. After
 * sign-in the user's own language (profile) decides.
 */
export function LanguageSwitch() {
  const t = useLabel();
  const current = UI_LANGUAGES.some((language) => language.code === i18n.language) ? i18n.language : 'en';
  const [pending, setPending] = useState(false);
  return (
    <Field label={t('general.language', 'Language')} size="small">
      <Select
        size="small"
        value={current}
        disabled={pending}
        onChange={(_event, data) => {
          setPending(true);
          void switchLoginLanguage(data.value).finally(() => setPending(false));
        }}
      >
        {UI_LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}
