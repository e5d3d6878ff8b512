import { useCallback, useState } from 'react';

type ActionState<TResult> =
  | { status: 'idle'; data: undefined; error: null }
  | { status: 'pending'; data: undefined; error: null }
  | { status: 'success'; data: TResult; error: null }
  | { status: 'error'; data: undefined; error: unknown };

const IDLE = { status: 'idle', data: undefined, error: null } as const;

/**
 * One asynchronous action and its state (pending, error, result), for the pages that paint before
 * the query cache loads (the auth pages). The same surface as a TanStack mutation where those pages
 * use one: mutateAsync, isPending, isError, isSuccess, error, data, reset.
 */
export function useAction<TArgs, TResult>(action: (args: TArgs) => Promise<TResult>) {
  const [state, setState] = useState<ActionState<TResult>>(IDLE);

  const mutateAsync = async (args: TArgs): Promise<TResult> => {
    setState({ status: 'pending', data: undefined, error: null });
    try {
      const data = await action(args);
      setState({ status: 'success', data, error: null });
      return data;
    } catch (error) {
      setState({ status: 'error', data: undefined, error });
      throw error;
    }
  };
  const reset = useCallback(() => setState(IDLE), []);

  return {
    mutateAsync,
    reset,
    data: state.data,
    error: state.error,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    isSuccess: state.status === 'success',
  };
}
