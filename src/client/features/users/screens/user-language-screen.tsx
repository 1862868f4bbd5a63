import { useLabel } from '../../../i18n/i18n';
import { SettingSelect } from '../components/setting-select';
import { WithUser } from '../components/user-sub-screen';

/** spec §2 /manage-users edit language: the language the user's screens and mails are in. */
export default function UserLanguageScreen() {
  const t = useLabel();
  return (
    <WithUser>
      {(editing, user) => (
        <SettingSelect
          editing={editing}
          title={t('users.language', 'Language')}
          initial={String(user.language_id)}
          options={editing.session!.languages.map((language) => ({
            value: String(language.id),
            label: language.name,
          }))}
          toBody={(value) => ({ language_id: Number(value) })}
        />
      )}
    </WithUser>
  );
}
