import { useLabel } from '../../../i18n/i18n';
import { SettingSelect } from '../components/setting-select';
import { WithUser } from '../components/user-sub-screen';

/** spec §2 /manage-users edit country. */
export default function UserCountryScreen() {
  const t = useLabel();
  return (
    <WithUser>
      {(editing, user) => (
        <SettingSelect
          editing={editing}
          title={t('users.country', 'Country')}
          initial={user.country_id === null ? '' : String(user.country_id)}
          options={[
            { value: '', label: t('users.no-country', 'None') },
            ...editing.session!.countries.map((country) => ({
              value: String(country.id),
              label: country.name,
            })),
          ]}
          toBody={(value) => ({ country_id: value ? Number(value) : null })}
        />
      )}
    </WithUser>
  );
}
