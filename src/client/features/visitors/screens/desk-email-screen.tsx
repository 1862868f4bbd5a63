import { Body1, Button, Caption1, Field, Input, Subtitle2, Textarea } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import type { DeskEmailTemplate } from '../../../../shared/contract/reception-desks';
import {
  EXAMPLE_MAIL_VALUES,
  fillTemplate,
  MAIL_BODY_MAX,
  MAIL_PLACEHOLDERS,
  MAIL_SUBJECT_MAX,
  type VisitorMailType,
} from '../../../../shared/visitors/mail-templates';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel, type LabelFn } from '../../../i18n/i18n';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { resetDeskEmail, saveDeskEmail, useDeskEmails } from '../api';
import { useVisitorStyles } from '../visitors.styles';

export const mailTypeName = (t: LabelFn, type: VisitorMailType) =>
  ({
    invitation: t('reception-desks.mail-invitation', 'Invitation'),
    arrival: t('reception-desks.mail-arrival', 'Arrival'),
    departure: t('reception-desks.mail-departure', 'Departure'),
    cancellation: t('reception-desks.mail-cancellation', 'Cancellation'),
  })[type];

/**
 * spec §2 /reception-desks edit-email/:typeId: the desk's own mail of one type, with placeholders,
 * previewed (with example values, as the server fills them) before it is saved.
 */
export default function DeskEmailScreen() {
  const { receptionId, typeId } = useParams();
  const templates = useDeskEmails(receptionId);
  const t = useLabel();
  if (!templates.data)
    return templates.error ? (
      <ErrorText message={templates.error.message} />
    ) : (
      <Loader label={t('general.loading', 'Loading…')} />
    );
  const template = templates.data.data.find((entry) => String(entry.type_id) === typeId);
  if (!template)
    return <ErrorText message={t('reception-desks.mail-unknown', 'This e-mail does not exist.')} />;
  return <EmailForm key={`${receptionId}-${typeId}`} deskId={Number(receptionId)} template={template} />;
}

function EmailForm({ deskId, template }: { deskId: number; template: DeskEmailTemplate }) {
  const styles = useVisitorStyles();
  const t = useLabel();
  const [subject, setSubject] = useState(template.subject ?? '');
  const [body, setBody] = useState(template.body ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const act = async (work: () => Promise<DeskEmailTemplate>, done: string) => {
    setPending(true);
    setFailure(null);
    setSaved(null);
    setErrors({});
    try {
      const next = await work();
      setSubject(next.subject ?? '');
      setBody(next.body ?? '');
      setSaved(done);
    } catch (error) {
      const fields = error instanceof ApiError ? error.body?.errors : undefined;
      if (fields) setErrors(fields);
      else setFailure(errorMessage(error));
    } finally {
      setPending(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void act(
      () => saveDeskEmail(deskId, template.type_id, { subject, body }),
      t('reception-desks.mail-saved', 'Saved.'),
    );
  };
  const name = mailTypeName(t, template.type);
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={name}>
      <Subtitle2 as="h2">{name}</Subtitle2>
      {!template.custom && template.subject === null && (
        <Body1>{t('reception-desks.mail-off', 'This e-mail is not sent until the desk writes one.')}</Body1>
      )}
      <ErrorText message={failure} />
      {saved && <Body1 role="status">{saved}</Body1>}
      <Field
        label={t('reception-desks.mail-subject', 'Subject')}
        required
        validationMessage={errors.subject?.[0]}
      >
        <Input
          value={subject}
          maxLength={MAIL_SUBJECT_MAX}
          onChange={(_event, data) => setSubject(data.value)}
        />
      </Field>
      <Field label={t('reception-desks.mail-body', 'Text')} required validationMessage={errors.body?.[0]}>
        <Textarea
          value={body}
          rows={8}
          maxLength={MAIL_BODY_MAX}
          onChange={(_event, data) => setBody(data.value)}
        />
      </Field>
      <Caption1>
        {t('reception-desks.mail-placeholders', 'Placeholders: {names}', {
          names: MAIL_PLACEHOLDERS.map((placeholder) => `{${placeholder}}`).join(' '),
        })}
      </Caption1>
      <section aria-label={t('reception-desks.mail-preview', 'Preview')}>
        <Subtitle2 as="h3">{t('reception-desks.mail-preview', 'Preview')}</Subtitle2>
        <Body1 as="p">
          <strong>{fillTemplate(subject, EXAMPLE_MAIL_VALUES)}</strong>
        </Body1>
        <Body1 as="p" style={{ whiteSpace: 'pre-wrap' }}>
          {fillTemplate(body, EXAMPLE_MAIL_VALUES)}
        </Body1>
      </section>
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
        {template.custom && (
          <Button
            appearance="secondary"
            disabled={pending}
            onClick={() =>
              void act(
                () => resetDeskEmail(deskId, template.type_id),
                t('reception-desks.mail-reset-done', 'The built-in e-mail is used again.'),
              )
            }
          >
            {t('reception-desks.mail-reset', 'Use the built-in e-mail')}
          </Button>
        )}
      </div>
    </form>
  );
}
