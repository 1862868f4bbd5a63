import { Button } from '@fluentui/react-components';
import { Add20Regular, Delete20Regular, Edit20Regular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { deleteDelegation, delegationChanged } from '../api';
import { ConfirmAction } from '../components/confirm-action';
import { DelegationList } from '../components/delegation-list';
import { useProfileStyles } from '../components/profile.styles';

/** spec §2 /profile/my-delegates, §5: the delegations the user gave; edit or withdraw each. */
export default function MyDelegatesScreen() {
  const styles = useProfileStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const mayChange = can(session?.general_permissions ?? [], ['USER_PROFILE', 'update']);

  return (
    <div className={styles.page}>
      {mayChange && (
        <div className={styles.actions}>
          <AppLink to={href('r_profile-my-delegates-add')} className={styles.link}>
            <Add20Regular aria-hidden /> {t('profile.add-delegate', 'Add delegate')}
          </AppLink>
        </div>
      )}
      <DelegationList
        direction="given"
        label={t('profile.my-delegates', 'My delegates')}
        empty={t('profile.given-empty', 'You have not delegated anything.')}
        actions={
          mayChange
            ? (delegation, person) => (
                <>
                  <Button
                    icon={<Edit20Regular aria-hidden />}
                    aria-label={t('profile.edit-person', 'Edit {name}', { name: person.name })}
                    onClick={() =>
                      navigate(href('r_profile-my-delegates-edit', { delegationId: delegation.id }))
                    }
                  >
                    {t('profile.edit', 'Edit')}
                  </Button>
                  <ConfirmAction
                    icon={<Delete20Regular aria-hidden />}
                    label={t('profile.remove', 'Remove')}
                    accessibleLabel={t('profile.remove-person', 'Remove {name}', { name: person.name })}
                    title={t('profile.remove-title', 'Remove {name} as your delegate?', {
                      name: person.name,
                    })}
                    message={t(
                      'profile.remove-message',
                      '{name} can no longer act for you with what you delegated.',
                      { name: person.name },
                    )}
                    action={() => deleteDelegation(delegation.id)}
                    after={() => delegationChanged(delegation, true)}
                  />
                </>
              )
            : undefined
        }
      />
    </div>
  );
}
