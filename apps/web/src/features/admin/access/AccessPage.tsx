import { useId, type ReactNode } from 'react';
import { LoadProblem } from '../dashboard/LoadProblem.tsx';
import { AccessPolicyForm } from './AccessPolicyForm.tsx';
import { LimitsForm } from './LimitsForm.tsx';
import { AccessText as T } from './texts.ts';
import { useAccessPolicy, useLimitSettings, useWalletSettings } from './useAccess.ts';
import { WalletForm } from './WalletForm.tsx';
import './access.css';

interface SettingsQuery<D> {
  data: D | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface SettingsSectionProps<D> {
  title: string;
  intro: string;
  query: SettingsQuery<D>;
  /** The form, once the settings are read: it starts from them. */
  children: (data: D) => ReactNode;
}

/** One settings form in its section, with the read's loading and failed states. */
function SettingsSection<D>({ title, intro, query, children }: SettingsSectionProps<D>) {
  const titleId = useId();
  return (
    <section className="admin-section access-section" aria-labelledby={titleId}>
      <div>
        <h3 id={titleId} className="admin-section__title">
          {title}
        </h3>
        <p className="admin-muted">{intro}</p>
      </div>
      {query.isPending && <p role="status">{T.loading}</p>}
      {query.isError && (
        <LoadProblem
          message={T.loadFailed}
          error={query.error}
          retryLabel={T.retry}
          onRetry={() => query.refetch()}
        />
      )}
      {query.data !== undefined && children(query.data)}
    </section>
  );
}

/**
 * Sign-up and access (issue 29): who may register and at which mail domains, whether guests may
 * enter, the account limits, and the wallet's audience; three forms, each saved on its own.
 */
export function AccessPage() {
  const titleId = useId();
  const policy = useAccessPolicy();
  const limits = useLimitSettings();
  const wallet = useWalletSettings();
  return (
    <div className="admin-stack access" role="region" aria-labelledby={titleId}>
      <div>
        <h2 id={titleId} className="admin-section__title">
          {T.title}
        </h2>
        <p className="admin-muted">{T.intro}</p>
      </div>
      <SettingsSection title={T.signUp} intro={T.signUpIntro} query={policy}>
        {(data) => <AccessPolicyForm policy={data} />}
      </SettingsSection>
      <SettingsSection title={T.limits} intro={T.limitsIntro} query={limits}>
        {(data) => <LimitsForm limits={data} />}
      </SettingsSection>
      <SettingsSection title={T.wallet} intro={T.walletIntro} query={wallet}>
        {(data) => <WalletForm wallet={data} />}
      </SettingsSection>
    </div>
  );
}
