import { EventCountdownSchema } from '@atrium/protocol';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/client.ts';
import { notifySuccess } from '../../../shared/toast/toast.ts';
import { TextField } from '../../../shared/ui/TextField.tsx';
import { FormFooter, SERVER_ERROR } from '../FormFooter.tsx';
import { schemaResolver } from '../schemaResolver.ts';
import { ContentSection, WhenLoaded } from './ContentSection.tsx';
import { fromLocalInput, offsetOf, toLocalInput, zoneName } from './countdown.ts';
import { ContentText as T } from './texts.ts';
import { useContentSaves, useCountdown } from './useContent.ts';

interface CountdownValues {
  launch_at: string;
}

const schemaCheck = schemaResolver(EventCountdownSchema, (values: CountdownValues) => ({
  launch_at: fromLocalInput(values.launch_at) ?? values.launch_at,
}));

/** An empty picker asks for a date; anything else is the contract's `EventCountdownSchema`'s. */
const countdownResolver: Resolver<CountdownValues, unknown, { launch_at: string }> = (
  values,
  ...rest
) =>
  values.launch_at === ''
    ? { values: {}, errors: { launch_at: { type: 'required', message: T.launchRequired } } }
    : schemaCheck(values, ...rest);

/** The launch date, in the reader's time zone; saved with that zone's offset. */
function CountdownForm({ launchAt }: { launchAt: string }) {
  const { saveCountdown } = useContentSaves();
  const { register, handleSubmit, setError, reset, control, formState } = useForm({
    resolver: countdownResolver,
    defaultValues: { launch_at: toLocalInput(launchAt) },
  });
  const typed = useWatch({ control, name: 'launch_at' });
  const shown = typed ? new Date(typed) : new Date(launchAt);
  const at = Number.isNaN(shown.getTime()) ? new Date() : shown;
  const onValid = handleSubmit(async ({ launch_at }) => {
    try {
      const saved = await saveCountdown.mutateAsync(launch_at);
      reset({ launch_at: toLocalInput(saved) });
      notifySuccess(T.saved);
    } catch (error) {
      setError(SERVER_ERROR, { message: errorMessage(error) });
    }
  });
  return (
    <form className="content-form" noValidate onSubmit={(e) => void onValid(e)}>
      <TextField
        label={T.launchAt}
        type="datetime-local"
        step={60}
        className="content-datetime"
        hint={`${T.timeZone(zoneName(), `UTC${offsetOf(at)}`)} ${T.storedAs(launchAt)}`}
        error={formState.errors.launch_at?.message}
        {...register('launch_at')}
      />
      <FormFooter
        serverError={formState.errors.root?.server?.message}
        busy={formState.isSubmitting}
        label={T.save}
        busyLabel={T.saving}
      />
    </form>
  );
}

/** The event countdown's target moment. */
export function CountdownSection({ id }: { id: string }) {
  const countdown = useCountdown();
  return (
    <ContentSection id={id} title={T.countdown} intro={T.countdownIntro}>
      <WhenLoaded query={countdown} failed={T.countdownFailed}>
        {(launchAt) => <CountdownForm launchAt={launchAt} />}
      </WhenLoaded>
    </ContentSection>
  );
}
