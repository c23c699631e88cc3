import { AdminText, PublicSetting } from '@atrium/protocol';
import { createColumnHelper, type CellContext } from '@tanstack/react-table';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/client.ts';
import { useDialogs } from '../../../shared/dialogs/useDialogs.ts';
import { notifyError, notifySuccess } from '../../../shared/toast/toast.ts';
import { SubmitButton } from '../../../shared/ui/SubmitButton.tsx';
import { TextField } from '../../../shared/ui/TextField.tsx';
import { DataTable, useServerTable } from '../DataTable.tsx';
import type { ListQuery } from '../ListStatus.tsx';
import { toastResult } from '../notify.ts';
import { RowActions } from '../RowActions.tsx';
import { useFocusAfterRemoval } from '../useFocusAfterRemoval.ts';
import { ContentSection, WhenLoaded } from './ContentSection.tsx';
import { SettingDialog } from './SettingDialog.tsx';
import { typeOf, valueText } from './settingForm.ts';
import { ContentText as T, settingTypes } from './texts.ts';
import { useHomePageInForce, usePublicSettings, useSettingMutations } from './useContent.ts';

interface Setting {
  key: string;
  value: unknown;
}

interface SettingsTableMeta {
  edit: (setting: Setting) => void;
  remove: (setting: Setting) => void;
}

const column = createColumnHelper<Setting>();
const metaOf = (c: CellContext<Setting, unknown>) => c.table.options.meta as SettingsTableMeta;
const typeLabel = (value: unknown) => settingTypes.find((t) => t.value === typeOf(value))?.label;

const settingColumns = [
  column.accessor('key', { header: T.key, cell: (c) => <code>{c.getValue()}</code> }),
  column.accessor('value', {
    header: T.value,
    cell: (c) => <span className="content-value">{valueText(c.getValue())}</span>,
  }),
  column.display({ id: 'type', header: T.type, cell: (c) => typeLabel(c.row.original.value) }),
  column.display({
    id: 'actions',
    header: T.actions,
    cell: (c) => {
      const meta = metaOf(c);
      const setting = c.row.original;
      return (
        <RowActions
          name={setting.key}
          actions={[
            { label: T.edit, run: () => meta.edit(setting) },
            { label: T.remove, danger: true, run: () => meta.remove(setting) },
          ]}
        />
      );
    },
  }),
];

interface HomePageFormProps {
  /** The value stored in `site.home_page`, if any. */
  stored: string | undefined;
  /** Where Leave goes now (the stored value or the server's default). */
  inForce: string | undefined;
}

/** `site.home_page`: the exit target when leaving the metaverse. The server checks the value. */
function HomePageForm({ stored, inForce }: HomePageFormProps) {
  const { set, remove } = useSettingMutations();
  const dialogs = useDialogs();
  const { register, handleSubmit, setError, setFocus, reset, formState } = useForm({
    defaultValues: { home: stored ?? '' },
  });
  const onValid = handleSubmit(async ({ home }) => {
    const value = home.trim();
    if (value === '') {
      setError('home', { message: AdminText.homePageInvalid });
      return;
    }
    try {
      notifySuccess(await set.mutateAsync({ key: PublicSetting.homePage, value }));
      reset({ home: value });
    } catch (error) {
      // The server's refusal (`AdminText.homePageInvalid`) is about this field.
      setError('home', { message: errorMessage(error) });
    }
  });
  const handleUseDefault = async () => {
    if (stored === undefined) return;
    const confirmed = await dialogs.confirm({
      title: T.homePageResetTitle,
      message: T.homePageResetText(stored),
      confirmLabel: T.homePageStored,
    });
    if (!confirmed) return;
    try {
      notifySuccess(await remove.mutateAsync(PublicSetting.homePage));
      // The button goes with the stored value: focus goes back to the field.
      reset({ home: '' });
      setFocus('home');
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };
  const hint =
    stored === undefined && inForce !== undefined
      ? `${T.homePageHint} ${T.homePageDefault(inForce)}`
      : T.homePageHint;
  return (
    <form className="content-form content-home" noValidate onSubmit={(e) => void onValid(e)}>
      <TextField
        label={T.homePage}
        hint={hint}
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={inForce ?? '/'}
        error={formState.errors.home?.message}
        {...register('home')}
      />
      <div className="admin-form__actions">
        <SubmitButton busy={formState.isSubmitting} busyLabel={T.saving}>
          {T.save}
        </SubmitButton>
        {stored !== undefined && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void handleUseDefault()}
          >
            {T.homePageStored}
          </button>
        )}
      </div>
    </form>
  );
}

interface SettingsBodyProps {
  settings: Setting[];
  query: ListQuery;
}

/** The public settings: the home page in its own field, then every other key in a table. */
function SettingsBody({ settings, query }: SettingsBodyProps) {
  const inForce = useHomePageInForce();
  const { remove } = useSettingMutations();
  const dialogs = useDialogs();
  const [dialog, setDialog] = useState<{ setting?: Setting } | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusWhenGone = useFocusAfterRemoval(
    settings.map((s) => s.key),
    addRef,
  );
  const home = settings.find((s) => s.key === PublicSetting.homePage);
  const stored = typeof home?.value === 'string' ? home.value : undefined;
  const others = settings.filter((s) => s.key !== PublicSetting.homePage);

  const removeSetting = async (setting: Setting) => {
    const confirmed = await dialogs.confirm({
      title: T.removeSettingTitle(setting.key),
      message: T.removeSettingText(setting.key, valueText(setting.value)),
      confirmLabel: T.remove,
    });
    if (!confirmed) return;
    focusWhenGone(setting.key);
    await toastResult(remove.mutateAsync(setting.key));
  };

  const table = useServerTable({
    data: others,
    columns: settingColumns,
    meta: {
      edit: (setting) => setDialog({ setting }),
      remove: (setting) => void removeSetting(setting),
    } satisfies SettingsTableMeta,
    getRowId: (row) => row.key,
    enableSorting: false,
  });

  return (
    <>
      <HomePageForm stored={stored} inForce={inForce.data} />
      <div className="admin-section__head content-subhead">
        <h4 className="content-subtitle">{T.otherSettings}</h4>
        <button
          ref={addRef}
          type="button"
          className="button button--secondary"
          onClick={() => setDialog({})}
        >
          {T.addSetting}
        </button>
      </div>
      <DataTable table={table} label={T.otherSettings} query={query} empty={T.noSettings} />
      {dialog && (
        <SettingDialog
          setting={dialog.setting}
          taken={settings.map((s) => s.key)}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

/** Site settings: where Leave goes, and the other public settings. */
export function SettingsSection({ id }: { id: string }) {
  const settings = usePublicSettings();
  return (
    <ContentSection id={id} title={T.settings} intro={T.settingsIntro}>
      <WhenLoaded query={settings} failed={T.settingsFailed}>
        {(data) => <SettingsBody settings={data} query={settings} />}
      </WhenLoaded>
    </ContentSection>
  );
}
