import { Component, useEffect, useMemo, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { errorScreenText } from '@shared/errors';
import { ErrorScreen } from '@web/components/error-screen';
import { Spinner } from '@web/components/ui/spinner';
import { isChunkLoadError, reloadForChunkError } from '@web/lib/chunk-reload';
import { useBrandStore } from '@web/stores/brand';
import { useErrorStore, type GlobalError } from '@web/stores/error';

export function toGlobalError(error: unknown): GlobalError {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' ? error.data : error.statusText || undefined;
    return { status: error.status, message };
  }
  if (error instanceof Error) return { status: 500, message: error.message };
  return { status: 500, message: typeof error === 'string' ? error : undefined };
}

function useErrorTitle(status: number) {
  const company = useBrandStore((s) => s.brand.company_name);
  useEffect(() => {
    document.title = `${errorScreenText(status).title} · ${company}`;
  }, [status, company]);
}

/**
 * The router's error element: routing and middleware failures land in the global error store and
 * on the error screen. A failed page chunk reloads the target route instead (at most every 10 s).
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const setError = useErrorStore((s) => s.setError);
  const clearError = useErrorStore((s) => s.clearError);
  const reloading = useMemo(() => isChunkLoadError(error) && reloadForChunkError(window.location.href), [error]);
  const globalError = toGlobalError(error);
  useErrorTitle(globalError.status);

  useEffect(() => {
    if (reloading) return;
    setError(globalError);
    if (globalError.status >= 500) console.error(error);
    // globalError is derived from error
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, reloading, setError]);

  if (reloading) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label="Reloading the page" />
      </div>
    );
  }

  return (
    <ErrorScreen
      status={globalError.status}
      message={globalError.message}
      onBackHome={() => {
        clearError();
        void navigate('/');
      }}
      onClearError={() => {
        clearError();
        // A fresh navigation to the same place resets the router's error state without moving.
        void navigate(location, { replace: true });
      }}
    />
  );
}

type AppErrorBoundaryState = { error: Error | null };

/** Fatal render errors outside the router (or ones the router cannot catch) land here. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): AppErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Fatal render error', error, info.componentStack);
    useErrorStore.getState().setError({ status: 500, message: error.message });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorScreen
        status={500}
        message={this.state.error.message}
        onBackHome={() => {
          useErrorStore.getState().clearError();
          window.location.assign('/');
        }}
        onClearError={() => {
          useErrorStore.getState().clearError();
          this.setState({ error: null });
        }}
      />
    );
  }
}
