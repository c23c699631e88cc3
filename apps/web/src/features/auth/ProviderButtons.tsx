import { useQuery } from '@tanstack/react-query';
import { providerStartUrl, useAuthApi } from '../../shared/auth/api.ts';
import { AuthWebText } from '../../shared/auth/texts.ts';

/** One "Continue with {name}" button per configured sign-in provider; nothing when none. */
export function ProviderButtons() {
  const api = useAuthApi();
  const providers = useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: async () => (await api.providers()).data,
    staleTime: 5 * 60_000,
    retry: false,
  });
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
