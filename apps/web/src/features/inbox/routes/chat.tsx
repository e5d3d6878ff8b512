import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { ERROR_MESSAGES } from '@shared/errors';
import { BrandLogo } from '@web/components/brand-logo';
import { PreloadLink } from '@web/components/preload-link';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/config/paths';
import { useErrorStore } from '@web/stores/error';
import { REPLY_BOX_ID } from '../components/reply-box';
import { isTypingTarget, ShortcutsDialog } from '../components/shortcuts-dialog';
import { ThreadView } from '../components/thread-view';

/**
 * One conversation on its own page (empty layout); the id is validated as a positive integer by the
 * route, and an id the API does not know for this account (404) raises the global 404 screen.
 */
export function ChatRoute() {
  const id = Number(useParams().id);
  const setError = useErrorStore((s) => s.setError);
  const [help, setHelp] = useState(false);
  const { pathname } = useLocation();
  const onNotFound = useCallback(() => setError({ status: 404, message: ERROR_MESSAGES.noRouteMatch(pathname) }), [setError, pathname]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTypingTarget(e) || help) return;
      if (e.key === '?') {
        e.preventDefault();
        setHelp(true);
      } else if (e.key === 'r') {
        const box = document.getElementById(REPLY_BOX_ID);
        if (box) {
          e.preventDefault();
          box.focus();
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [help]);

  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex h-14 items-center gap-3 border-b border-border px-4">
        <Button asChild variant="ghost" size="sm">
          <PreloadLink to={paths.cabinet.inbox.path}>
            <ArrowLeft className="h-4 w-4" aria-hidden /> Inbox
          </PreloadLink>
        </Button>
        <BrandLogo showName={false} className="ml-auto" />
      </header>
      <main className="mx-auto w-full max-w-3xl min-w-0 flex-1 px-4 py-6">
        <ThreadView id={id} onNotFound={onNotFound} titleAs="h1" />
      </main>
      <ShortcutsDialog open={help} onOpenChange={setHelp} />
    </div>
  );
}
