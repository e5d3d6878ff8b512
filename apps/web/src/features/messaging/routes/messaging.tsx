import { ChevronRight, FileText, Plus } from 'lucide-react';
import { useId } from 'react';
import { Link, Outlet, useSearchParams } from 'react-router';
import { apiErrorMessages } from '@shared/api';
import type { MessagingSetting } from '@shared/schemas/messaging';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { PreloadNavLink } from '@web/components/preload-link';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { paths } from '@web/config/paths';
import { SCROLL_STRIP_FADE, useActiveLinkInView } from '@web/lib/scroll-nav';
import { cn } from '@web/lib/utils';
import { useBrand } from '@web/stores/brand';
import { selectClass } from '@web/components/ui/styles';
import { useCreateMessagingSetting } from '../api/create-messaging-setting';
import { MessagingSection } from '../components/section';
import { SETTING_PARAM, useCurrentSetting } from '../hooks/use-current-setting';
import { MESSAGING_SECTIONS } from '../sections';

const base = paths.businessInformation.messaging.root.path;

function useSections() {
  const brand = useBrand();
  // The call script only matters where the brand has phone calls.
  return MESSAGING_SECTIONS.filter((s) => s.slug !== 'instructions-script' || brand.feature_flags.phone_calls);
}

export const settingName = (s: MessagingSetting) => (s.persona_id == null ? 'Default (all personas)' : (s.persona_name ?? s.name) || `Settings ${s.id}`);

/** Which messaging setting the sections edit (kept in ?setting= so links and reloads keep it). */
function SettingPicker() {
  const id = useId();
  const { settings, setting } = useCurrentSetting();
  const [params, setParams] = useSearchParams();
  if (settings.length < 2 || !setting) return null;
  return (
    <div className="max-w-sm space-y-1.5">
      <Label htmlFor={id}>Messaging settings for</Label>
      <select
        id={id}
        className={selectClass}
        value={setting.id}
        onChange={(e) => {
          const next = new URLSearchParams(params);
          next.set(SETTING_PARAM, e.target.value);
          setParams(next, { replace: true });
        }}
      >
        {settings.map((s) => (
          <option key={s.id} value={s.id}>
            {settingName(s)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function MessagingLayoutRoute() {
  const sections = useSections();
  const sectionsNav = useActiveLinkInView<HTMLElement>();
  const [params] = useSearchParams();
  const setting = params.get(SETTING_PARAM);
  const search = setting ? `?${SETTING_PARAM}=${encodeURIComponent(setting)}` : '';
  return (
    <PageFrame title="Messaging" description="The instructions your agents follow when they write to each persona.">
      <SettingPicker />
      <div className="flex flex-col gap-6 md:flex-row">
        <nav ref={sectionsNav} aria-label="Messaging sections" className={cn('flex shrink-0 gap-1 overflow-x-auto md:w-56 md:flex-col', SCROLL_STRIP_FADE)}>
          {sections.map((s) => (
            <PreloadNavLink
              key={s.slug}
              to={`${s.slug ? `${base}/${s.slug}` : base}${search}`}
              end
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 text-sm whitespace-nowrap text-muted outline-none hover:bg-surface-2 hover:text-fg focus-visible:ring-2 focus-visible:ring-accent',
                  isActive && 'bg-surface-2 font-medium text-fg',
                )
              }
            >
              {s.label}
            </PreloadNavLink>
          ))}
        </nav>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </PageFrame>
  );
}

function Overview({ setting }: { setting: MessagingSetting | null }) {
  const sections = useSections().filter((s) => s.slug);
  const create = useCreateMessagingSetting();
  const { settings } = useCurrentSetting();
  if (!setting) {
    return (
      <EmptyState
        icon={FileText}
        title="No messaging settings yet"
        action={
          <Button type="button" pending={create.isPending} onClick={() => create.mutate({ persona_id: null })}>
            <Plus className="h-4 w-4" aria-hidden /> Create default settings
          </Button>
        }
      >
        Your default settings apply to every persona without its own. Start here, or save any section to create them.
        <ServerErrors messages={create.isError ? apiErrorMessages(create.error) : null} />
      </EmptyState>
    );
  }
  const search = `?${SETTING_PARAM}=${setting.id}`;
  const own = settings.filter((s) => s.persona_id != null).length;
  const filled: Record<string, boolean> = {
    offering: setting.offering_id != null,
    'tone-voice': Boolean(setting.tone_voice),
    language: Boolean(setting.language),
    'message-guidelines': Boolean(setting.message_guidelines),
    'call-to-action': Boolean(setting.call_to_action),
    'case-studies': setting.case_studies.length > 0,
    'instructions-script': Boolean(setting.instructions_script),
    signature: Boolean(setting.signature),
    example: true,
  };
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">
        Editing <span className="font-medium text-fg">{settingName(setting)}</span>.
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {sections.map((s) => (
          <li key={s.slug}>
            <Card className="h-full">
              <Link to={`${base}/${s.slug}${search}`} className="flex h-full items-start gap-3 rounded-xl p-4 outline-none hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-accent">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-fg">{s.label}</p>
                  <p className="text-xs text-muted">{s.description}</p>
                  {s.slug === 'persons' ? (
                    <p className="mt-1 text-xs text-muted">
                      {setting.persona_id == null
                        ? `Every persona without its own settings${own > 0 ? ` (${own} ${own === 1 ? 'has' : 'have'} their own)` : ''}`
                        : `Only ${setting.persona_name ?? 'one persona'}`}
                    </p>
                  ) : s.slug !== 'example' ? (
                    <p className={cn('mt-1 text-xs', filled[s.slug] ? 'text-success' : 'text-warning')}>{filled[s.slug] ? 'Set' : 'Not set yet'}</p>
                  ) : null}
                </div>
                <ChevronRight className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden />
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function MessagingIndexRoute() {
  return <MessagingSection slug="">{(setting) => <Overview setting={setting} />}</MessagingSection>;
}
