import { useParams } from 'react-router-dom';
import { DELEGATION_MESSAGES } from '../../../../shared/contract/delegations';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { useAvailablePermissions } from '../api';
import { DelegationForm } from '../components/delegation-form';
import { useProfileStyles } from '../components/profile.styles';

/**
 * spec §2 /profile/my-delegates/add/permission/:userId: what the user delegates to the colleague
 * chosen (GET delegations/available-permissions/{userId}). Someone who already is a delegate has
 * their delegation changed rather than a second one made.
 */
export default function DelegatePermissionScreen() {
  const styles = useProfileStyles();
  const t = useLabel();
  const { userId } = useParams();
  const id = Number(userId);
  const valid = Number.isInteger(id) && id > 0;
  const answer = useAvailablePermissions(valid ? id : null);

  if (!valid)
    return <ErrorText message={t('profile.person-not-valid', DELEGATION_MESSAGES.delegateNotValid)} />;
  if (answer.error) return <ErrorText message={errorMessage(answer.error)} />;
  if (!answer.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return (
    <div className={styles.page}>
      <DelegationForm
        person={answer.data.user}
        available={answer.data.data}
        delegationId={answer.data.delegation_id}
        submitLabel={t('profile.delegate', 'Delegate')}
      />
    </div>
  );
}
