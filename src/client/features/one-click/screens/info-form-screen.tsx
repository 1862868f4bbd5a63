import { Button, Field, Input, Textarea } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { InfoWidget } from '../../../../shared/contract/one-click';
import { INFO_CONTENT_MAX, INFO_TITLE_MAX } from '../../../../shared/one-click/rules';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useSubmit } from '../../../ui/use-submit';
import { addInfo, deleteInfo, updateInfo, useInfoWidgets } from '../api';
import { useOneClickStyles } from '../one-click.styles';

/** spec §2 /one-click/settings/info/add and info/{infoId}: an information widget. */
export default function InfoFormScreen() {
  const t = useLabel();
  const { infoId } = useParams();
  const info = useInfoWidgets();
  if (!infoId) return <InfoForm widget={null} />;
  if (info.error) return <ErrorText message={errorMessage(info.error)} />;
  if (!info.data) return <Loader label={t('general.loading', 'Loading…')} />;
  const widget = info.data.data.find((candidate) => String(candidate.id) === infoId);
  if (!widget) return <ErrorText message={t('one-click.info-unknown', 'This information does not exist.')} />;
  return <InfoForm key={widget.id} widget={widget} />;
}

function InfoForm({ widget }: { widget: InfoWidget | null }) {
  const styles = useOneClickStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const [title, setTitle] = useState(widget?.title ?? '');
  const [content, setContent] = useState(widget?.content ?? '');
  const [url, setUrl] = useState(widget?.url ?? '');
  const [linkName, setLinkName] = useState(widget?.url_link_name ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const { pending, failure, run } = useSubmit();
  const done = () => navigate(href('r_one-click-settings'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const body = { title, content, url: url.trim() || null, url_link_name: linkName.trim() || null };
    void run(
      async () => {
        if (widget) await updateInfo(widget.id, body);
        else await addInfo(body);
        await done();
      },
      (fields) => setErrors(fields),
    );
  };
  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={t('one-click.info', 'Information')}
    >
      <ErrorText message={failure} />
      <Field label={t('one-click.info-title', 'Title')} required validationMessage={errors.title?.[0]}>
        <Input value={title} maxLength={INFO_TITLE_MAX} onChange={(_event, data) => setTitle(data.value)} />
      </Field>
      <Field label={t('one-click.info-content', 'Text')} validationMessage={errors.content?.[0]}>
        <Textarea
          value={content}
          rows={6}
          maxLength={INFO_CONTENT_MAX}
          onChange={(_event, data) => setContent(data.value)}
        />
      </Field>
      <Field label={t('one-click.info-url', 'Link (optional)')} validationMessage={errors.url?.[0]}>
        <Input type="url" value={url} onChange={(_event, data) => setUrl(data.value)} />
      </Field>
      <Field
        label={t('one-click.info-link-name', 'Own address: /one-click/… (optional)')}
        hint={t('one-click.info-link-hint', 'Lower-case letters, digits and hyphens, such as wifi.')}
        validationMessage={errors.url_link_name?.[0]}
      >
        <Input value={linkName} maxLength={64} onChange={(_event, data) => setLinkName(data.value)} />
      </Field>
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
        {widget && (
          <Button
            disabled={pending}
            onClick={() =>
              void run(async () => {
                await deleteInfo(widget.id);
                await done();
              })
            }
          >
            {t('one-click.remove-named', 'Remove {name}', { name: widget.title })}
          </Button>
        )}
      </div>
    </form>
  );
}
