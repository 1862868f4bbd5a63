import {
  Badge,
  Body1,
  Button,
  Caption1,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Switch,
} from '@fluentui/react-components';
import { CheckmarkCircle20Regular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import type { ServiceProblem } from '../../../../shared/contract/service-page';
import { can } from '../../../../shared/permissions/can';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { useWhen } from '../../../i18n/use-when';
import { useInitialData } from '../../../session/hooks';
import { ErrorText } from '../../../ui/error-text';
import { Loader } from '../../../ui/loader';
import { resolveProblem, useProblems } from '../api';
import { useOrderStyles } from './order-parts';

const useStyles = makeStyles({
  // a long word in a report wraps instead of widening a phone's page
  description: { overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
});

/**
 * The problems reported on the resources' pages (`/service/{code}`) that the provider serves, newest
 * first: the open ones, or all with the resolved ones marked; SERVICES update marks one resolved.
 */
export function ProblemList() {
  const styles = useOrderStyles();
  const own = useStyles();
  const t = useLabel();
  const session = useInitialData();
  const when = useWhen(session?.company?.timezone);
  const mayResolve = can(session?.general_permissions ?? [], ['SERVICES', 'update']);
  const [withResolved, setWithResolved] = useState(false);
  const problems = useProblems(withResolved ? 'all' : '0');
  const [resolving, setResolving] = useState<number | null>(null);
  const [done, setDone] = useState<ServiceProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const notice = useRef<HTMLDivElement>(null);

  const resolve = async (problem: ServiceProblem) => {
    setResolving(problem.id);
    setFailure(null);
    setDone(null);
    try {
      await resolveProblem(problem.id);
      setDone(problem);
      // the row's button is gone with it: the keyboard lands on the confirmation
      requestAnimationFrame(() => notice.current?.focus());
    } catch (error) {
      setFailure(errorMessage(error));
    }
    setResolving(null);
  };

  return (
    <section className={styles.page} aria-label={t('services.problems', 'Problems reported')}>
      <Switch
        checked={withResolved}
        onChange={(_e, data) => setWithResolved(data.checked)}
        label={t('services.problems-with-resolved', 'Show the resolved ones too')}
      />
      {done && (
        <div ref={notice} tabIndex={-1} data-testid="problem-resolved">
          <MessageBar intent="success">
            <MessageBarBody>
              {t('services.problem-resolved', 'The problem with {resource} is marked resolved.', {
                resource: done.resource,
              })}
            </MessageBarBody>
          </MessageBar>
        </div>
      )}
      <ErrorText message={failure ?? undefined} />
      {!problems.data ? (
        problems.error ? (
          <ErrorText message={problems.error.message} />
        ) : (
          <Loader label={t('general.loading', 'Loading…')} />
        )
      ) : problems.data.items.length === 0 ? (
        <Body1 role="status">
          {withResolved
            ? t('services.problems-none', 'No problem has been reported.')
            : t('services.problems-none-open', 'No open problems.')}
        </Body1>
      ) : (
        <ul
          className={styles.rows}
          aria-label={t('services.problems', 'Problems reported')}
          aria-busy={problems.isValidating}
        >
          {problems.data.items.map((problem) => (
            <li key={problem.id} className={styles.row} data-testid="problem">
              <div className={styles.column}>
                <Body1 className={styles.total}>
                  {problem.path ? `${problem.resource} (${problem.path})` : problem.resource}
                </Body1>
                <Body1 className={own.description}>{problem.description}</Body1>
                <Caption1 className={styles.detail}>
                  {[
                    problem.service_type?.name ?? t('services.problem-any-type', 'Any service'),
                    t('services.problem-reported-by', 'Reported by {name}', {
                      name: problem.reported_by.name || t('services.problem-unknown', 'unknown'),
                    }),
                    when.dateTime(problem.created_at),
                  ].join(' · ')}
                </Caption1>
              </div>
              <div className={styles.actions}>
                {problem.resolved_at ? (
                  <Badge appearance="tint" color="success">
                    {t('services.problem-resolved-at', 'Resolved {when}', {
                      when: when.dateTime(problem.resolved_at),
                    })}
                  </Badge>
                ) : mayResolve ? (
                  <Button
                    icon={<CheckmarkCircle20Regular aria-hidden />}
                    disabled={resolving !== null}
                    onClick={() => void resolve(problem)}
                    aria-label={t('services.problem-resolve-of', 'Mark resolved: {resource}, {description}', {
                      resource: problem.resource,
                      description: problem.description,
                    })}
                  >
                    {t('services.problem-resolve', 'Mark resolved')}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
