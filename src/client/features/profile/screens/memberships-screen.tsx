import { Body1, Caption1 } from '@fluentui/react-components';
import { useLocation } from 'react-router-dom';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useProfileGroups, useProfileRoles } from '../api';
import { useProfileStyles } from '../components/profile.styles';

/** spec §2 /profile groups and roles: what the user belongs to, read-only (administrators change it). */
export default function MembershipsScreen() {
  const styles = useProfileStyles();
  const t = useLabel();
  const roles = useLocation().pathname.toLowerCase().replace(/\/+$/, '').endsWith('/roles');
  const groups = useProfileGroups();
  const held = useProfileRoles();
  const answer = roles ? held : groups;
  if (answer.error) return <ErrorText message={answer.error.message} />;
  if (!groups.data || !held.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const rows = roles
    ? held.data.data.map((role) => ({
        id: role.id,
        name: role.name,
        detail: t('profile.role-through', 'Through {groups}', { groups: role.groups.join(', ') }),
      }))
    : groups.data.data.map((group) => ({ id: group.id, name: group.name, detail: null }));
  return (
    <div className={styles.page}>
      <Body1>
        {roles
          ? t(
              'profile.roles-hint',
              'Your roles decide what you may see and do. An administrator assigns them.',
            )
          : t('profile.groups-hint', 'The groups you belong to. An administrator changes them.')}
      </Body1>
      {rows.length === 0 ? (
        <Body1>
          {roles
            ? t('profile.no-roles', 'You hold no role.')
            : t('profile.no-groups', 'You belong to no group.')}
        </Body1>
      ) : (
        <ul
          className={styles.rows}
          aria-label={roles ? t('profile.roles', 'Roles') : t('profile.groups', 'Groups')}
        >
          {rows.map((row) => (
            <li key={row.id} className={styles.row}>
              <div className={styles.person}>
                <Body1>{row.name}</Body1>
                {row.detail && <Caption1>{row.detail}</Caption1>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
