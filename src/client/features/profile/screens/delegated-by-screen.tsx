import { ArrowUndo20Regular } from '@fluentui/react-icons';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';
import { deleteDelegation, delegationChanged } from '../api';
import { ConfirmAction } from '../components/confirm-action';
import { DelegationList } from '../components/delegation-list';
import { useProfileStyles } from '../components/profile.styles';

/** spec §2 /profile/delegated-by, §5: who delegated what to the user; each can be given back. */
export default function DelegatedByScreen() {
  const styles = useProfileStyles();
  const t = useLabel();
  const session = useInitialData();
  const mayChange = can(session?.general_permissions ?? [], ['USER_PROFILE', 'update']);

  return (
    <div className={styles.page}>
      <DelegationList
        direction="received"
        label={t('profile.delegated-by', 'Delegated by')}
        empty={t('profile.received-empty', 'Nobody has delegated anything to you.')}
        actions={
          mayChange
            ? (delegation, person) => (
                <ConfirmAction
                  icon={<ArrowUndo20Regular aria-hidden />}
                  label={t('profile.give-back', 'Give back')}
                  accessibleLabel={t('profile.give-back-person', 'Give back what {name} delegated', {
                    name: person.name,
                  })}
                  title={t('profile.give-back-title', 'Give back what {name} delegated to you?', {
                    name: person.name,
                  })}
                  message={t(
                    'profile.give-back-message',
                    'You can no longer act for {name}. Only they can delegate it to you again.',
                    { name: person.name },
                  )}
                  action={() => deleteDelegation(delegation.id)}
                  after={() => delegationChanged(delegation, true)}
                />
              )
            : undefined
        }
      />
    </div>
  );
}
