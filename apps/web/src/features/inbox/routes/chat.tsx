import { ArrowLeft, MessagesSquare } from 'lucide-react';
import { useParams } from 'react-router';
import { BrandLogo } from '@web/components/brand-logo';
import { EmptyState } from '@web/components/page-frame';
import { PreloadLink } from '@web/components/preload-link';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/config/paths';

/** One conversation on its own page (empty layout); the id is validated as a positive integer. */
export function ChatRoute() {
  const { id } = useParams();
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
      <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">
        <h1 className="mb-6 text-xl font-semibold text-fg">Conversation #{id}</h1>
        <EmptyState icon={MessagesSquare} title="No messages in this conversation">
          Messages between your agent and this prospect appear here as the thread grows.
        </EmptyState>
      </div>
    </div>
  );
}
