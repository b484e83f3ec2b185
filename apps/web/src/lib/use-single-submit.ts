import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo } from 'react';

/**
 * A submission (a payment, a purchase) as a TanStack Query mutation that runs once at a time: `isPending`
 * drives the button, and `submit` ignores a second call while the first is pending. The guard reads the
 * mutation cache, where a started mutation is pending at once, before React has re-rendered the button as
 * disabled: a double click sends one request, never two.
 */
export function useSingleSubmit<TData, TVariables = void>(
  options: Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationKey'>,
) {
  const id = useId();
  const mutationKey = useMemo(() => ['single-submit', id], [id]);
  const queryClient = useQueryClient();
  const mutation = useMutation({ ...options, mutationKey });
  const { mutate } = mutation;
  const submit = useCallback(
    (variables: TVariables): boolean => {
      if (queryClient.isMutating({ mutationKey, exact: true }) > 0) return false;
      mutate(variables);
      return true;
    },
    [queryClient, mutationKey, mutate],
  );
  return { ...mutation, submit };
}
