import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Textarea,
} from '@fluentui/react-components';
import { PersonArrowRight20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { IMPERSONATION_MINUTES, IMPERSONATION_REASON_MIN } from '../../../../shared/contract/impersonations';
import { useLabel } from '../../../i18n/i18n';
import { handoverUrl } from '../../../session/landing';
import { ErrorText } from '../../../ui/error-text';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { startImpersonation } from '../api';

/**
 * "Open company as administrator": asks why, then moves to the company host with a hand-over code;
 * the session there lasts IMPERSONATION_MINUTES and the company's administrators see the opening.
 */
export function OpenAsAdministrator({ company }: { company: { id: number; name: string } }) {
  const t = useLabel();
  const [open, setOpen] = useState(false);
  const form = useForm({ reason: '' }, { reason: `required|min:${IMPERSONATION_REASON_MIN}` });
  const reason = form.field('reason');
  const label = t('master.impersonate.open', 'Open as administrator');

  const submit = form.submit(async () => {
    const answer = await startImpersonation(company.id, { reason: form.values.reason.trim() });
    window.location.assign(handoverUrl(window.location, answer));
  });

  return (
    <>
      <Button
        icon={<PersonArrowRight20Regular aria-hidden />}
        aria-label={`${label}: ${company.name}`}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      <Dialog open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
        <DialogSurface>
          {/* React events cross the portal: the edit screen's own form must not see this submit. */}
          <form
            onSubmit={(event) => {
              event.stopPropagation();
              submit(event);
            }}
            noValidate
          >
            <DialogBody>
              <DialogTitle>
                {t('master.impersonate.title', 'Open {name} as administrator', { name: company.name })}
              </DialogTitle>
              <DialogContent>
                <p>
                  {t(
                    'master.impersonate.explain',
                    'You act as one of its administrators for {minutes} minutes. The company’s administrators see who opened it, when and why, and every change made.',
                    { minutes: IMPERSONATION_MINUTES },
                  )}
                </p>
                <ErrorText message={form.failure} />
                <Field
                  label={t('master.impersonate.reason', 'Reason')}
                  required
                  validationMessage={reason.error}
                  validationState={reason.error ? 'error' : 'none'}
                >
                  <Textarea
                    name="reason"
                    value={reason.value}
                    maxLength={500}
                    onChange={(_event, data) => reason.onValueChange(data.value)}
                    onBlur={(event) => reason.onCommit(event.currentTarget.value)}
                  />
                </Field>
              </DialogContent>
              <DialogActions>
                <SubmitButton pending={form.pending}>{label}</SubmitButton>
                <Button onClick={() => setOpen(false)}>{t('general.actions.cancel', 'Cancel')}</Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
    </>
  );
}
