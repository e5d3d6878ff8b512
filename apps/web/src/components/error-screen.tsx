import { errorScreenText } from '@shared/errors';
import { BrandWordmark } from '@web/components/brand-logo';
import { Button } from '@web/components/ui/button';

type ErrorScreenProps = {
  status: number;
  /** The detailed message, e.g. 'Page not found: /x' (shown small under the subtitle). */
  message?: string;
  onBackHome: () => void;
  onClearError: () => void;
};

/** Spec §2/§8: status in large type, title, subtitle, the brand logo, and two buttons. */
export function ErrorScreen({ status, message, onBackHome, onClearError }: ErrorScreenProps) {
  const { title, text } = errorScreenText(status);
  return (
    <main className="dark flex min-h-screen flex-col items-center justify-center bg-bg px-6 py-16 text-center text-fg">
      <BrandWordmark className="mb-10" />
      <p className="text-8xl font-bold tracking-tighter text-accent sm:text-9xl" data-testid="error-status">
        {status}
      </p>
      <h1 className="mt-6 text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-3 max-w-lg text-base text-muted">{text}</p>
      {message ? (
        <p className="mt-4 max-w-lg font-mono text-xs break-all text-muted/80" data-testid="error-message">
          {message}
        </p>
      ) : null}
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Button onClick={onBackHome}>Back to home</Button>
        <Button variant="secondary" onClick={onClearError}>
          Clear Error
        </Button>
      </div>
    </main>
  );
}
