import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SOCIAL_CONNECT_ERROR_TEXT, SOCIAL_CONNECT_ERRORS, type SocialConnectError, type SocialPost } from '@shared/schemas/brand-awareness';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { Alert } from '@web/components/ui/alert';
import { Button, buttonVariants } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/utils';
import { useEmployees, useSocialPosts, useSocialSettings } from '../api/brand-awareness';
import { ConnectionCard } from '../components/connection-card';
import { ManagePostPanel } from '../components/manage-post-panel';
import { PostsCalendar } from '../components/posts-calendar';
import { SettingsForm } from '../components/settings-form';

const WEEK_MS = 7 * 24 * 3600 * 1000;

function Loading({ what }: { what: string }) {
  return (
    <div className="flex justify-center py-10">
      <Spinner label={`Loading ${what}`} />
    </div>
  );
}

/** The outcome of "Connect LinkedIn" after LinkedIn sent the browser back (?social_connect=… or ?social_connect_error=…). */
function ConnectResult() {
  const [params, setParams] = useSearchParams();
  const ok = params.get('social_connect');
  const error = params.get('social_connect_error');
  if (!ok && !error) return null;
  const dismiss = () =>
    setParams(
      (p) => {
        for (const k of ['social_connect', 'social_connect_error']) p.delete(k);
        return p;
      },
      { replace: true },
    );
  const known = (code: string): code is SocialConnectError => (SOCIAL_CONNECT_ERRORS as readonly string[]).includes(code);
  return (
    <Alert tone={error ? 'error' : 'success'} className="mb-4">
      <p>{error ? `LinkedIn was not connected. ${known(error) ? SOCIAL_CONNECT_ERROR_TEXT[error] : `LinkedIn answered: ${error}.`}` : 'LinkedIn is connected. Posts will appear on that profile.'}</p>
      <Button type="button" size="sm" variant="ghost" onClick={dismiss}>
        Dismiss
      </Button>
    </Alert>
  );
}

function EmployeeWorkspace({ veId, name }: { veId: number; name: string }) {
  // From a week back: what was just published, and everything planned.
  const [from] = useState(() => new Date(Math.floor((Date.now() - WEEK_MS) / 3_600_000) * 3_600_000).toISOString());
  const settings = useSocialSettings(veId);
  const posts = useSocialPosts(veId, from);
  const [openId, setOpenId] = useState<number | null>(null);
  const open: SocialPost | null = posts.data?.find((p) => p.id === openId) ?? null;

  if (settings.isPending) return <Loading what="posting settings" />;
  if (settings.isError) return <LoadError what="the posting settings" error={settings.error} onRetry={() => settings.refetch()} />;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="space-y-4">
        <ConnectionCard veId={veId} employeeName={name} profile={settings.data.profile} />
        <SettingsForm key={veId} veId={veId} settings={settings.data} />
      </div>
      <div>
        {posts.isPending ? (
          <Loading what="posts" />
        ) : posts.isError ? (
          <LoadError what="the posts" error={posts.error} onRetry={() => posts.refetch()} />
        ) : (
          <PostsCalendar veId={veId} posts={posts.data} enabled={settings.data.enabled} onOpen={(p) => setOpenId(p.id)} />
        )}
      </div>
      <ManagePostPanel post={open} profile={settings.data.profile} onClose={() => setOpenId(null)} />
    </div>
  );
}

/**
 * /cabinet/brand-awareness: per virtual employee, its LinkedIn connection, what and when it posts, and
 * the calendar of its planned and published posts with the manage automated post panel.
 */
export function BrandAwarenessRoute() {
  const employees = useEmployees();
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<number | null>(() => Number(params.get('virtual_employee_id')) || null);
  const list = employees.data ?? [];
  const current = list.find((e) => e.id === chosen) ?? list[0] ?? null;

  return (
    <PageFrame title="Brand awareness" description="Your virtual employees post on their LinkedIn profiles to keep your brand in front of prospects: you choose the topics and the rhythm, and approve what goes out.">
      <ConnectResult />
      {employees.isPending ? (
        <Loading what="virtual employees" />
      ) : employees.isError ? (
        <LoadError what="the virtual employees" error={employees.error} onRetry={() => employees.refetch()} />
      ) : !current ? (
        <EmptyState
          icon={Megaphone}
          title="No virtual employee yet"
          action={
            <Link to={paths.cabinet.agents.getHref()} className={buttonVariants()}>
              Create a virtual employee
            </Link>
          }
        >
          Posts are written and published by virtual employees: create one, then connect its LinkedIn profile here.
        </EmptyState>
      ) : (
        <div className="space-y-4">
          {list.length > 1 ? (
            <div role="group" aria-label="Virtual employee" className="flex flex-wrap gap-2">
              {list.map((e) => (
                <button
                  key={e.id}
                  type="button"
                  aria-pressed={e.id === current.id}
                  className={cn('rounded-full border px-3 py-1.5 text-sm', e.id === current.id ? 'border-accent bg-accent/15 text-fg' : 'border-border text-muted hover:text-fg')}
                  onClick={() => setChosen(e.id)}
                >
                  {e.name}
                </button>
              ))}
            </div>
          ) : null}
          <EmployeeWorkspace key={current.id} veId={current.id} name={current.name} />
        </div>
      )}
    </PageFrame>
  );
}
