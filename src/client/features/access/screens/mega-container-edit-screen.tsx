import { Body1, Button, Checkbox, Subtitle2 } from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { can } from '../../../../shared/permissions/can';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { deleteMegaContainer, setMegaContainerContainers, useContainers, useMegaContainer } from '../api';
import { ACCESS_KINDS } from '../kinds';
import { useAccessStyles } from './access.styles';

/** edit: the containers it ties, chosen by type (select-container-type, then select-container). */
export default function MegaContainerEditScreen() {
  const styles = useAccessStyles();
  const t = useLabel();
  const navigate = useNavigate();
  const id = Number(useParams().mega_container_id) || null;
  const permissions = useInitialData()?.general_permissions ?? [];
  const mega = useMegaContainer(id);
  const containers = useContainers();
  const [edited, setChosen] = useState<Set<number> | null>(null);
  const chosen = edited ?? (mega.data ? new Set(mega.data.containers.map((c) => c.id)) : null);
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  if (mega.error || containers.error)
    return <ErrorText message={(mega.error ?? containers.error)!.message} />;
  if (!mega.data || !containers.data || !chosen || id === null)
    return <Loader label={t('general.loading', 'Loading…')} />;
  const editable = can(permissions, ['MEGA_CONTAINERS', 'update']);
  const save = async () => {
    setFailure(null);
    setStatus(null);
    try {
      await setMegaContainerContainers(id, [...chosen]);
      await mega.mutate();
      setStatus(t('access.saved', 'Saved.'));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return (
    <div className={styles.page}>
      <Subtitle2>{mega.data.name}</Subtitle2>
      <ErrorText message={failure} />
      {ACCESS_KINDS.map((kind) => {
        const ofKind = containers.data!.data.filter((c) => c.access_type === kind.type);
        if (ofKind.length === 0) return null;
        return (
          <section
            key={kind.type}
            className={styles.section}
            aria-label={t(`access.${kind.label}.containers`, kind.english.containers)}
          >
            <Body1>{t(`access.${kind.label}.containers`, kind.english.containers)}</Body1>
            {ofKind.map((container) => (
              <Checkbox
                key={container.id}
                label={container.name}
                checked={chosen.has(container.id)}
                disabled={!editable}
                onChange={() => {
                  const next = new Set(chosen);
                  if (next.has(container.id)) next.delete(container.id);
                  else next.add(container.id);
                  setChosen(next);
                }}
              />
            ))}
          </section>
        );
      })}
      {editable && (
        <div className={styles.actions}>
          <Button appearance="primary" onClick={() => void save()}>
            {t('general.actions.save', 'Save')}
          </Button>
          {can(permissions, ['MEGA_CONTAINERS', 'delete']) && (
            <Button
              onClick={() =>
                void deleteMegaContainer(id).then(() => navigate('/containers-mega', { replace: true }))
              }
            >
              {t('access.mega.delete', 'Delete mega container')}
            </Button>
          )}
        </div>
      )}
      {status && <Body1 role="status">{status}</Body1>}
    </div>
  );
}
