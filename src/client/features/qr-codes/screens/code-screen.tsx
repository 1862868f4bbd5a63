import { Body1, Caption1, Dropdown, Field, Option } from '@fluentui/react-components';
import { ArrowClockwise20Regular } from '@fluentui/react-icons';
import { useNavigate, useParams } from 'react-router-dom';
import { qrCodeReadScreen } from '../../../../shared/contract/qr-codes';
import { can } from '../../../../shared/permissions/can';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { QrCodeCard } from '../../../ui/qr-code-card';
import { useSubmit } from '../../../ui/use-submit';
import { ConfirmAction } from '../../profile/components/confirm-action';
import { chooseTemplate, renewCode, useCode, useTemplates } from '../api';
import { useQrStyles } from '../qr-codes.styles';

const DEFAULT = 'default';

/** spec §2 /qr-codes/edit/:qrCodeId: the code, the template its label prints with, and renewing it. */
export default function CodeScreen() {
  const styles = useQrStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const raw = useParams().qrCodeId;
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const code = useCode(id);
  const templates = useTemplates();
  const { pending, failure, run } = useSubmit();

  if (code.error) return <ErrorText message={errorMessage(code.error)} />;
  if (!code.data || id === null) return <Loader label={t('general.loading', 'Loading…')} />;
  const current = code.data;
  const chosen = templates.data?.data.find((template) => template.id === current.template_id);
  const defaultName = t('qr-codes.codes.default-template', 'Default template');
  const mayRenew = can(session?.general_permissions ?? [], ['QR_CODE', 'delete']);

  const choose = (value: string | undefined) =>
    void run(
      async () => {
        const saved = await chooseTemplate(
          id,
          value === undefined || value === DEFAULT ? null : Number(value),
        );
        await code.mutate(saved, { revalidate: false });
      },
      undefined,
      { failure: 'unanswered' },
    );

  return (
    <div className={styles.form}>
      <div className={styles.rowMain}>
        <Body1>{current.name}</Body1>
        <Caption1 className={styles.detail}>
          {[current.level, current.type].filter(Boolean).join(' · ')}
        </Caption1>
      </div>
      <QrCodeCard
        info={{ code: current.code, image_url: current.image_url, read_url: qrCodeReadScreen(current.code) }}
        alt={t('qr-codes.codes.image-of', 'QR code of {name}', { name: current.name })}
      />
      <ErrorText message={failure} />
      <Field label={t('qr-codes.codes.template', 'Template')}>
        <Dropdown
          disabled={pending || !templates.data}
          aria-busy={pending || undefined}
          value={chosen?.name ?? defaultName}
          selectedOptions={[current.template_id === null ? DEFAULT : String(current.template_id)]}
          onOptionSelect={(_event, data) => choose(data.optionValue)}
        >
          <Option value={DEFAULT}>{defaultName}</Option>
          {(templates.data?.data ?? []).map((template) => (
            <Option key={template.id} value={String(template.id)}>
              {template.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {mayRenew && (
        <div className={styles.actions}>
          <ConfirmAction
            label={t('qr-codes.codes.renew', 'Renew code')}
            accessibleLabel={t('qr-codes.codes.renew-of', 'Renew code: {name}', { name: current.name })}
            title={t('qr-codes.codes.renew', 'Renew code')}
            message={t(
              'qr-codes.codes.renew-message',
              'Labels already printed with this code will stop working. Print the new label afterwards.',
            )}
            icon={<ArrowClockwise20Regular aria-hidden />}
            action={() => renewCode(id)}
            after={() => navigate(href('r_qr-codes'))}
          />
        </div>
      )}
    </div>
  );
}
