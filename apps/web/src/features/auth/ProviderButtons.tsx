import { AuthWebText } from '../../shared/auth/texts.ts';
import { providerStartUrl, useProviders } from '../../shared/auth/useAuth.ts';

/** One "Continue with {name}" button per configured sign-in provider; nothing when none. */
export function ProviderButtons() {
  const providers = useProviders();
  const list = providers.data ?? [];
  if (list.length === 0) return null;
  return (
    <>
      <ul className="provider-list">
        {list.map((provider) => (
          <li key={provider.id}>
            {/* A full-page navigation: the provider's pages cannot run inside ours. */}
            <a
              className="button button--secondary button--block"
              href={providerStartUrl(provider.id)}
            >
              <span className="provider-list__mark" aria-hidden="true">
                {provider.name.slice(0, 1).toUpperCase()}
              </span>
              {AuthWebText.continueWith(provider.name)}
            </a>
          </li>
        ))}
      </ul>
      <div className="account-divider" aria-hidden="true">
        <span>{AuthWebText.or}</span>
      </div>
    </>
  );
}
