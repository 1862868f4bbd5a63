import { useNavigate, useParams } from 'react-router-dom';
import { useMemo } from 'react';
import { BREAK_MESSAGES, breakErrors } from '../../../../shared/validation/assignment-breaks';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { browserZone, isoToLocalInput, localInputToIso } from '../../resources/settings/availability';
import type { AssignmentBreak } from '../../../../shared/contract/profile';
import { addBreak, changeBreak, useAssignedResource } from '../api';
import { useProfileStyles } from '../components/profile.styles';
import { useAssignmentId } from './assigned-resource-screen';

/**
 * spec §2 /profile/assigned-resources/edit/:assignedResourceId/add-break and /:breakId: from and to,
 * in the browser's zone, checked as the server checks them (breakErrors) before they are sent.
 */
export default function BreakFormScreen() {
  const t = useLabel();
  const id = useAssignmentId();
  const breakId = Number(useParams().breakId);
  const editing = useParams().breakId !== undefined;
  const assignment = useAssignedResource(id);

  if (id === null)
    return <ErrorText message={t('profile.assignment-not-found', BREAK_MESSAGES.assignmentNotFound)} />;
  if (assignment.error) return <ErrorText message={errorMessage(assignment.error)} />;
  if (!assignment.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const stored = editing ? assignment.data.breaks.find((item) => item.id === breakId) : undefined;
  if (editing && !stored)
    return <ErrorText message={t('profile.break-not-found', BREAK_MESSAGES.notFound)} />;
  return <BreakForm assignmentId={id} stored={stored} />;
}

function BreakForm({ assignmentId, stored }: { assignmentId: number; stored: AssignmentBreak | undefined }) {
  const styles = useProfileStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const zone = useMemo(() => browserZone(), []);
  const form = useForm(
    {
      starts_at: stored ? isoToLocalInput(stored.starts_at, zone) : '',
      ends_at: stored ? isoToLocalInput(stored.ends_at, zone) : '',
    },
    { starts_at: 'required', ends_at: 'required' },
  );
  const body = () => ({
    starts_at: localInputToIso(form.values.starts_at, zone) ?? '',
    ends_at: localInputToIso(form.values.ends_at, zone) ?? '',
  });
  const submit = form.submit(
    async () => {
      if (stored) await changeBreak(assignmentId, stored.id, body());
      else await addBreak(assignmentId, body());
      navigate(href('r_profile-assigned-resources-edit', { assignedResourceId: assignmentId }));
    },
    {
      failure: 'unplaced',
      check: () => {
        const errors = breakErrors(body(), new Date(), stored?.starts_at);
        form.showFieldErrors(errors);
        return Object.keys(errors).length === 0;
      },
    },
  );
  const title = stored ? t('profile.edit-break-title', 'Edit break') : t('profile.add-break', 'Add break');
  const hint = zone.replace(/_/g, ' ');

  return (
    <form className={styles.page} onSubmit={submit} noValidate aria-label={title}>
      <ErrorText message={form.failure} />
      <FormField
        {...form.field('starts_at')}
        label={t('profile.break-from', 'From')}
        hint={hint}
        type="datetime-local"
        required
        focusOnMount
      />
      <FormField
        {...form.field('ends_at')}
        label={t('profile.break-to', 'To')}
        hint={hint}
        type="datetime-local"
        required
      />
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>{t('general.actions.save', 'Save')}</SubmitButton>
      </div>
    </form>
  );
}
