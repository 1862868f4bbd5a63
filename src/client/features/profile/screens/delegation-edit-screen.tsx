import { Delete20Regular } from '@fluentui/react-icons';
import { useNavigate, useParams } from 'react-router-dom';
import { DELEGATION_MESSAGES } from '../../../../shared/contract/delegations';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { deleteDelegation, delegationChanged, useAvailablePermissions, useDelegation } from '../api';
import { ConfirmAction } from '../components/confirm-action';
import { DelegationForm } from '../components/delegation-form';
import { useProfileStyles } from '../components/profile.styles';

/**
 * spec §2 /profile/my-delegates/edit/:delegationId: the delegation (GET delegations/{id}) and what
 * the user can delegate to its delegate; Save sends PUT, Remove withdraws it.
 */
export default function DelegationEditScreen() {
  const styles = useProfileStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const { delegationId } = useParams();
  const id = Number(delegationId);
  const valid = Number.isInteger(id) && id > 0;
  const userId = useInitialData()?.user.id;
  const delegation = useDelegation(valid ? id : null);
  // A delegation received reads too (GET answers either side), but only its delegator changes it.
  const mine = delegation.data !== undefined && delegation.data.delegated_by.id === userId;
  const available = useAvailablePermissions(mine ? delegation.data!.delegated_to.id : null);

  if (!valid) return <ErrorText message={t('profile.not-found', DELEGATION_MESSAGES.notFound)} />;
  const failed = delegation.error ?? available.error;
  if (failed) return <ErrorText message={errorMessage(failed)} />;
  if (!delegation.data) return <Loader label={t('general.loading', 'Loading…')} />;
  if (!mine) return <ErrorText message={t('profile.only-delegator', DELEGATION_MESSAGES.onlyDelegator)} />;
  if (!available.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const given = delegation.data;
  const person = given.delegated_to;

  return (
    <div className={styles.page}>
      <DelegationForm
        person={person}
        available={available.data.data}
        delegationId={given.id}
        submitLabel={t('general.actions.save', 'Save')}
        extraActions={
          <ConfirmAction
            icon={<Delete20Regular aria-hidden />}
            label={t('profile.remove', 'Remove')}
            accessibleLabel={t('profile.remove-person', 'Remove {name}', { name: person.name })}
            title={t('profile.remove-title', 'Remove {name} as your delegate?', { name: person.name })}
            message={t(
              'profile.remove-message',
              '{name} can no longer act for you with what you delegated.',
              {
                name: person.name,
              },
            )}
            action={() => deleteDelegation(given.id)}
            after={async () => {
              await delegationChanged(given, true);
              navigate(href('r_profile-my-delegates'));
            }}
          />
        }
      />
    </div>
  );
}
