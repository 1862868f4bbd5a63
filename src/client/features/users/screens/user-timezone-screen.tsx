import { useLabel } from '../../../i18n/i18n';
import { SettingSelect } from '../components/setting-select';
import { WithUser } from '../components/user-sub-screen';

/** spec §2 /manage-users edit timezone: the zone the user's times are shown in. */
export default function UserTimezoneScreen() {
  const t = useLabel();
  return (
    <WithUser>
      {(editing, user) => (
        <SettingSelect
          editing={editing}
          title={t('users.timezone', 'Timezone')}
          initial={user.timezone}
          options={editing.session!.timezones.map((zone) => ({
            value: zone.name,
            label: zone.name.replace(/_/g, ' '),
          }))}
          toBody={(value) => ({ timezone: value })}
        />
      )}
    </WithUser>
  );
}
