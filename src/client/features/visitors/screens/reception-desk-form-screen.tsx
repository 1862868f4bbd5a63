import { LanguageOrCompanyDropdown } from '../../../ui/language-dropdown';
import { Button, Dropdown, Field, Input, Option, Subtitle2 } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Outlet, useNavigate, useParams } from 'react-router-dom';
import type { ReceptionDesk } from '../../../../shared/contract/reception-desks';
import { mailTypeId, VISITOR_MAIL_TYPES } from '../../../../shared/visitors/mail-templates';
import { ApiError, errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { useInitialData } from '../../../session/hooks';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import {
  nameErrorsFrom,
  namesBody,
  NameTranslationsField,
  type NameValues,
} from '../../../ui/name-translations-field';
import { SubmitButton } from '../../../ui/submit-button';
import { deleteDesk, saveDesk, useDesk, useDesks, useKioskTemplates, useUserContainers } from '../api';
import { useVisitorStyles } from '../visitors.styles';
import { mailTypeName } from './desk-email-screen';

const NONE = '';

/**
 * spec §2 /reception-desks add and edit/:receptionId: names, parent, user container, allowed
 * containers, working hours and language on one form (the spec's sub-screens are its sections).
 */
export default function ReceptionDeskFormScreen() {
  const { receptionId } = useParams();
  const existing = useDesk(receptionId);
  if (receptionId && !existing.data) return <Loader label="…" />;
  return (
    <>
      <Outlet />
      <DeskForm key={receptionId ?? 'new'} desk={existing.data ?? null} />
      {receptionId && <DeskEmails deskId={Number(receptionId)} />}
    </>
  );
}

/** Links to the desk's e-mails per type (edit-email/:typeId). */
function DeskEmails({ deskId }: { deskId: number }) {
  const styles = useVisitorStyles();
  const t = useLabel();
  return (
    <section aria-labelledby="desk-emails">
      <Subtitle2 as="h2" id="desk-emails">
        {t('reception-desks.emails', 'E-mails')}
      </Subtitle2>
      <ul className={styles.rows}>
        {VISITOR_MAIL_TYPES.map((type) => (
          <li key={type} className={styles.row}>
            <AppLink
              to={href('r_reception-desks-edit-email', { receptionId: deskId, typeId: mailTypeId(type) })}
            >
              {mailTypeName(t, type)}
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeskForm({ desk }: { desk: ReceptionDesk | null }) {
  const styles = useVisitorStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const session = useInitialData();
  const languages = session?.languages ?? [];
  const companyLanguage = session?.company?.language_id ?? languages[0]?.id ?? 0;
  const desks = useDesks();
  const containers = useUserContainers();
  const [names, setNames] = useState<NameValues>(() =>
    Object.fromEntries((desk?.translations ?? []).map((entry) => [entry.language_id, entry.name])),
  );
  const [parent, setParent] = useState(desk?.parent_id ? String(desk.parent_id) : NONE);
  const [fixed, setFixed] = useState(desk?.user_container_id ? String(desk.user_container_id) : NONE);
  const [allowed, setAllowed] = useState<string[]>(desk?.allowed_containers.map((c) => String(c.id)) ?? []);
  const [from, setFrom] = useState(desk?.working_hours_from ?? '08:00');
  const [to, setTo] = useState(desk?.working_hours_to ?? '18:00');
  const [language, setLanguage] = useState(desk?.language_id ? String(desk.language_id) : NONE);
  const kioskTemplates = useKioskTemplates();
  const [template, setTemplate] = useState(desk?.device_template_id ? String(desk.device_template_id) : NONE);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  if (!session) return <Loader label={t('general.loading', 'Loading…')} />;
  const first = (field: string) => errors[field]?.[0];
  const parents = (desks.data?.data ?? []).filter((candidate) => candidate.id !== desk?.id);
  const containerName = (id: string) => containers.data?.data.find((c) => String(c.id) === id)?.name ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setErrors({});
    try {
      await saveDesk(desk?.id ?? null, {
        translations: namesBody(languages, names),
        parent_id: parent ? Number(parent) : null,
        user_container_id: fixed ? Number(fixed) : null,
        allowed_container_ids: allowed.map(Number),
        working_hours_from: from,
        working_hours_to: to,
        language_id: language ? Number(language) : null,
        device_template_id: template ? Number(template) : null,
      });
      navigate(href('r_reception-desks'));
    } catch (error) {
      const body = error instanceof ApiError ? error.body?.errors : undefined;
      if (body) setErrors(body);
      else setFailure(errorMessage(error));
      setPending(false);
    }
  };
  const remove = async () => {
    if (!desk) return;
    await deleteDesk(desk.id);
    navigate(href('r_reception-desks'));
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={
        desk
          ? t('reception-desks.edit', 'Edit reception desk')
          : t('reception-desks.add', 'Add reception desk')
      }
    >
      <ErrorText message={failure} />
      <NameTranslationsField
        legend={t('reception-desks.name-translations', 'Name translations')}
        languages={languages}
        requiredLanguageId={companyLanguage}
        values={names}
        errors={nameErrorsFrom(languages, companyLanguage, errors)}
        onValueChange={(id, value) => setNames((current) => ({ ...current, [id]: value }))}
        onCommit={() => undefined}
      />
      <Field label={t('reception-desks.parent', 'Parent desk')} validationMessage={first('parent_id')}>
        <Dropdown
          value={parents.find((p) => String(p.id) === parent)?.name ?? t('general.none', 'None')}
          selectedOptions={[parent]}
          onOptionSelect={(_event, data) => setParent(data.optionValue ?? NONE)}
        >
          <Option value={NONE}>{t('general.none', 'None')}</Option>
          {parents.map((candidate) => (
            <Option key={candidate.id} value={String(candidate.id)}>
              {candidate.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field
        label={t('reception-desks.container', 'User container of its visitors')}
        validationMessage={first('user_container_id')}
      >
        <Dropdown
          value={fixed ? containerName(fixed) : t('general.none', 'None')}
          selectedOptions={[fixed]}
          onOptionSelect={(_event, data) => setFixed(data.optionValue ?? NONE)}
        >
          <Option value={NONE}>{t('general.none', 'None')}</Option>
          {(containers.data?.data ?? []).map((container) => (
            <Option key={container.id} value={String(container.id)}>
              {container.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field
        label={t('reception-desks.allowed-containers', 'Allowed containers')}
        validationMessage={first('allowed_container_ids')}
      >
        <Dropdown
          multiselect
          value={allowed.map(containerName).join(', ')}
          selectedOptions={allowed}
          onOptionSelect={(_event, data) => setAllowed(data.selectedOptions)}
        >
          {(containers.data?.data ?? []).map((container) => (
            <Option key={container.id} value={String(container.id)}>
              {container.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field
        label={t('reception-desks.working-start', 'Working time start')}
        validationMessage={first('working_hours_from')}
      >
        <Input type="time" value={from} onChange={(_event, data) => setFrom(data.value)} />
      </Field>
      <Field
        label={t('reception-desks.working-end', 'Working time end')}
        validationMessage={first('working_hours_to')}
      >
        <Input type="time" value={to} onChange={(_event, data) => setTo(data.value)} />
      </Field>
      <Field label={t('reception-desks.language', 'Language')} validationMessage={first('language_id')}>
        <LanguageOrCompanyDropdown
          value={language}
          onChange={setLanguage}
          companyLabel={t('reception-desks.company-language', 'The company’s')}
        />
      </Field>
      <Field
        label={t('reception-desks.device-template', 'Device template')}
        hint={t('reception-desks.device-template-hint', 'The kiosk’s colour, language and what it offers.')}
        validationMessage={first('device_template_id')}
      >
        <Dropdown
          value={
            kioskTemplates.data?.data.find((entry) => String(entry.id) === template)?.name ??
            t('reception-desks.default-template', 'The default kiosk template')
          }
          selectedOptions={[template]}
          onOptionSelect={(_event, data) => setTemplate(data.optionValue ?? NONE)}
        >
          <Option value={NONE}>{t('reception-desks.default-template', 'The default kiosk template')}</Option>
          {(kioskTemplates.data?.data ?? []).map((entry) => (
            <Option key={entry.id} value={String(entry.id)}>
              {entry.name}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <div className={styles.actions}>
        <SubmitButton pending={pending}>{t('general.actions.save', 'Save')}</SubmitButton>
        {desk && (
          <Button appearance="secondary" onClick={() => void remove()}>
            {t('general.actions.delete', 'Delete')}
          </Button>
        )}
      </div>
    </form>
  );
}
