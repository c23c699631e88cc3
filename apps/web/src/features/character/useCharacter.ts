import { CharacterApi, type CharacterLook } from '@atrium/protocol';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '../../shared/api/useApi.ts';

/** Query keys of the character's server data. */
export const characterKeys = {
  look: ['character', 'look'] as const,
};

/**
 * The account's look, the special looks it has unlocked and whether it is a guest. Asked each
 * time the customiser opens (a special look may have been sold since), without a retry.
 */
export function useCharacterLook() {
  const client = useApi();
  return useQuery({
    queryKey: characterKeys.look,
    queryFn: () => client.call(CharacterApi.get, {}),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Saves the account's look. */
export function useSaveLook() {
  const client = useApi();
  // The customiser closes on success; the next opening asks for the look again.
  return useMutation({
    mutationFn: (look: CharacterLook) => client.call(CharacterApi.save, { body: { look } }),
  });
}
