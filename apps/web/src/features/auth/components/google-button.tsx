import { buttonVariants } from '@web/components/ui/button';
import { publicUrls } from '@web/lib/public-fetch';
import { cn } from '@web/lib/utils';
import { useProviders } from '../api/auth-queries';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden>
      <path fill="#EA4335" d="M12 10.2v3.9h5.5c-.24 1.4-1.7 4.1-5.5 4.1-3.3 0-6-2.7-6-6.1s2.7-6.1 6-6.1c1.9 0 3.1.8 3.8 1.5l2.6-2.5C16.8 3.5 14.6 2.5 12 2.5 6.8 2.5 2.6 6.7 2.6 12s4.2 9.5 9.4 9.5c5.4 0 9-3.8 9-9.2 0-.6-.1-1.1-.2-1.6H12z" />
    </svg>
  );
}

/** Shown only when the server has Google configured (GET auth/providers). A full-page navigation. */
export function GoogleButton() {
  const providers = useProviders();
  if (!providers?.google) return null;
  return (
    <>
      <div className="my-5 flex items-center gap-3 text-xs text-muted">
        <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
      </div>
      <a href={publicUrls.googleSignIn(window.location.origin)} className={cn(buttonVariants({ variant: 'secondary' }), 'w-full')}>
        <GoogleMark /> Continue with Google
      </a>
    </>
  );
}
