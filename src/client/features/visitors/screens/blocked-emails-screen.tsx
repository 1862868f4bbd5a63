import { Body1, Field, Input, Subtitle2 } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import type { FieldErrors } from '../../../../shared/validation/field-errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useSubmit } from '../../../ui/use-submit';
import { ConfirmAction } from '../../profile/components/confirm-action';
import { blockEmail, unblockEmail, useBlockedEmails } from '../api';
import { useVisitorStyles } from '../visitors.styles';

/**
 * Reception's block list (docs/visitors.md "Privacy", VISITOR_MANAGEMENT): the company's addresses
 * refused at invitation and at the kiosk. Shown above the desk's visitors, as the import is.
 */
export default function BlockedEmailsScreen() {
  const styles = useVisitorStyles();
  const t = useLabel();
  const when = useWhen();
  const deskId = useParams().receptionDeskId ?? '';
  const blocked = useBlockedEmails();
  return (
    <section className={styles.page} aria-labelledby="blocked-emails-title">
      <Subtitle2 as="h2" id="blocked-emails-title">
        {t('visitors.blocked-title', 'Blocked addresses')}
      </Subtitle2>
      <Body1>
        {t(
          'visitors.blocked-help',
          'Nobody can invite these addresses as visitors or check in with them at the kiosk. The visitor is told only that no visit was found; reception is alerted.',
        )}
      </Body1>
      <BlockForm />
      {blocked.error ? (
        <ErrorText message={blocked.error.message} />
      ) : !blocked.data ? (
        <Loader label={t('general.loading', 'Loading…')} />
      ) : blocked.data.data.length === 0 ? (
        <Body1 role="status">{t('visitors.blocked-none', 'No address is blocked.')}</Body1>
      ) : (
        <ul className={styles.rows} aria-label={t('visitors.blocked-title', 'Blocked addresses')}>
          {blocked.data.data.map((entry) => (
            <li key={entry.id} className={styles.row}>
              <span className={styles.grow}>
                <Body1>{entry.email}</Body1>{' '}
                {entry.note && <Body1 className={styles.detail}>{entry.note}</Body1>}
              </span>
              <Body1 className={styles.detail}>{when.date(entry.created_at)}</Body1>
              <ConfirmAction
                label={t('visitors.unblock', 'Remove')}
                accessibleLabel={t('visitors.unblock-for', 'Remove {email} from the block list', {
                  email: entry.email,
                })}
                title={t('visitors.unblock-title', 'Remove from the block list?')}
                message={t(
                  'visitors.unblock-message',
                  '{email} can be invited as a visitor again and check in at the kiosk.',
                  { email: entry.email },
                )}
                action={() => unblockEmail(entry.id)}
                after={() => undefined}
              />
            </li>
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <AppLink to={href('r_visitor-management-reception', { receptionDeskId: deskId })}>
          {t('visitors.blocked-close', 'Close the block list')}
        </AppLink>
      </div>
    </section>
  );
}

function BlockForm() {
  const styles = useVisitorStyles();
  const t = useLabel();
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState<string | null>(null);
  const { pending, failure, run } = useSubmit();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setDone(null);
    await run(
      async () => {
        const blocked = await blockEmail({
          email: email.trim(),
          ...(note.trim() ? { note: note.trim() } : {}),
        });
        setEmail('');
        setNote('');
        setDone(t('visitors.blocked-added', '{email} is blocked.', { email: blocked.email }));
      },
      (fieldErrors) => {
        if (!fieldErrors.email && !fieldErrors.note) return false;
        setErrors(fieldErrors);
      },
    );
  };
  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t('visitors.block-form', 'Block an address')}
    >
      <ErrorText message={failure} />
      <div className={styles.toolbar}>
        <Field
          label={t('visitors.email', 'E-mail')}
          required
          validationMessage={errors.email?.[0]}
          validationState={errors.email ? 'error' : 'none'}
        >
          <Input type="email" value={email} onChange={(_event, data) => setEmail(data.value)} />
        </Field>
        <Field
          label={t('visitors.blocked-note', 'Note')}
          validationMessage={errors.note?.[0]}
          validationState={errors.note ? 'error' : 'none'}
        >
          <Input value={note} maxLength={255} onChange={(_event, data) => setNote(data.value)} />
        </Field>
      </div>
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('visitors.block', 'Block')}</SubmitButton>
      </div>
      {done && <Body1 role="status">{done}</Body1>}
    </form>
  );
}
