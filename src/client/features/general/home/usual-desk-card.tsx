import { Body1, Button, Card, CardHeader, Subtitle2 } from '@fluentui/react-components';
import { useState } from 'react';
import type { HomeResource } from '../../../../shared/contract/home';
import { errorMessage } from '../../../api/errors';
import { useLabel } from '../../../i18n/i18n';
import { href } from '../../../routing/paths';
import { AppLink } from '../../../ui/app-link';
import { ErrorText } from '../../../ui/error-text';
import { bookWholeDay } from './api';

/** One tap books the desk I book most for today. */
export function UsualDeskCard({
  resource,
  onBooked,
}: {
  resource: HomeResource | null;
  onBooked: () => void;
}) {
  const t = useLabel();
  const [state, setState] = useState<'idle' | 'booking' | 'booked' | 'taken'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const book = async (desk: HomeResource) => {
    setState('booking');
    setFailure(null);
    try {
      const booked = await bookWholeDay(desk);
      setState(booked ? 'booked' : 'taken');
      if (booked) onBooked();
    } catch (error) {
      setState('idle');
      setFailure(errorMessage(error));
    }
  };
  return (
    <Card aria-labelledby="home-usual">
      <CardHeader
        header={
          <Subtitle2 as="h3" id="home-usual">
            {t('general.home.usual', 'Your usual desk')}
          </Subtitle2>
        }
      />
      {resource === null ? (
        <Body1>
          {t(
            'general.home.no-usual',
            'Once you have booked a desk, it appears here to book again in one tap.',
          )}{' '}
          <AppLink inline to={href('r_plan')}>
            {t('general.home.open-plan', 'Open the plan')}
          </AppLink>
        </Body1>
      ) : (
        <>
          <Body1>{resource.name}</Body1>
          <div role="status">
            {state === 'booked' && (
              <Body1>
                {t('general.home.rebooked', '{name} is booked for today.', { name: resource.name })}
              </Body1>
            )}
            {state === 'taken' && (
              <Body1>
                {t('general.home.taken', '{name} is not free today.', { name: resource.name })}{' '}
                <AppLink inline to={href('r_plan')}>
                  {t('general.home.choose-other', 'Choose another place')}
                </AppLink>
              </Body1>
            )}
          </div>
          {state !== 'booked' && (
            <Button appearance="primary" disabled={state === 'booking'} onClick={() => void book(resource)}>
              {t('general.home.book-again', 'Book {name} today', { name: resource.name })}
            </Button>
          )}
        </>
      )}
      {failure && <ErrorText message={failure} />}
    </Card>
  );
}
