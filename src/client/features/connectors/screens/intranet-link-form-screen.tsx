import { Button, Checkbox } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { IntranetLink } from '../../../../shared/contract/connectors';
import { can } from '../../../../shared/permissions/can';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { FormField } from '../../../ui/form-field';
import { Loader } from '../../../ui/loader';
import { SubmitButton } from '../../../ui/submit-button';
import { useForm } from '../../../ui/use-form';
import { useSubmit } from '../../../ui/use-submit';
import { createIntranet, deleteIntranet, updateIntranet, useIntranet } from '../api';
import { useConnectorStyles } from '../components/connectors.styles';

/** spec §2 connectors-intranet/add and edit/{intranetId}. */
export default function IntranetLinkFormScreen() {
  const { intranetId } = useParams();
  const id = intranetId === undefined ? null : Number(intranetId);
  const t = useLabel();
  const link = useIntranet(id !== null && Number.isInteger(id) && id > 0 ? id : null);
  if (id === null) return <IntranetForm link={null} />;
  if (link.error) return <ErrorText message={link.error.message} />;
  if (!link.data) return <Loader label={t('general.loading', 'Loading…')} />;
  return <IntranetForm link={link.data} />;
}

function IntranetForm({ link }: { link: IntranetLink | null }) {
  const styles = useConnectorStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const form = useForm(
    { name: link?.name ?? '', url: link?.url ?? 'https://' },
    { name: 'required', url: 'required' },
  );
  const [active, setActive] = useState(link?.is_active ?? true);
  const removal = useSubmit();
  const back = href('r_connectors-intranet');

  const submit = form.submit(
    async () => {
      const body = { name: form.values.name.trim(), url: form.values.url.trim(), is_active: active };
      await (link ? updateIntranet(link.id, body) : createIntranet(body));
      navigate(back);
    },
    { failure: 'all' },
  );

  return (
    <form
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={
        link
          ? t('connectors.intranet-edit', 'Edit intranet link')
          : t('connectors.intranet-add', 'Add intranet link')
      }
    >
      <FormField {...form.field('name')} label={t('connectors.name', 'Name')} required maxLength={120} />
      <FormField {...form.field('url')} label={t('connectors.url', 'Address')} required maxLength={2048} />
      <Checkbox
        label={t('connectors.active', 'Active')}
        checked={active}
        onChange={(_event, data) => setActive(data.checked === true)}
      />
      <ErrorText message={form.failure ?? removal.failure} />
      <div className={styles.actions}>
        <SubmitButton pending={form.pending}>{t('general.actions.save', 'Save')}</SubmitButton>
        {link && can(session?.general_permissions ?? [], ['CONNECTORS', 'delete']) && (
          <Button
            disabled={removal.pending}
            onClick={() =>
              void removal.run(async () => {
                await deleteIntranet(link.id);
                navigate(back);
              })
            }
          >
            {t('general.actions.delete', 'Delete')}
          </Button>
        )}
      </div>
    </form>
  );
}
