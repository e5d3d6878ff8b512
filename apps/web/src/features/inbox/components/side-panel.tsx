import * as DialogPrimitive from '@radix-ui/react-dialog';
import { History, Info, Phone, Target, X, type LucideIcon } from 'lucide-react';
import { Component, lazy, Suspense, useRef, type ComponentType, type ReactNode } from 'react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { isChunkLoadError } from '@web/lib/chunk-reload';

/**
 * The right side panels of spec §2 (activity thread info, agent activity by prospect, call message details,
 * insight persona info), opened from a conversation or an interaction. Each panel is its own chunk, loaded
 * when first opened; the panel slides in from the right (a modal sheet: focus inside, Escape closes) and
 * takes the whole width on a phone.
 */

export const PANEL_KINDS = ['thread_info', 'agent_activity', 'call_details', 'persona_info'] as const;
export type PanelKind = (typeof PANEL_KINDS)[number];

/** What a panel is about: the message behind it, the prospect, the campaign. */
export type PanelSubject = {
  campaignEmailId: number | null;
  prospectId: number | null;
  prospectName: string | null;
  campaignId: number | null;
};

export type PanelProps = { subject: PanelSubject };

export const PANEL_INFO: Record<PanelKind, { title: string; button: string; description: string; icon: LucideIcon }> = {
  thread_info: { title: 'Thread info', button: 'Thread info', description: 'The prospect, the campaign, how far the sequence got and what happened in it.', icon: Info },
  agent_activity: { title: 'Agent activity', button: 'Agent activity', description: 'Everything done for this prospect, in every campaign and on every channel.', icon: History },
  call_details: { title: 'Calls', button: 'Calls', description: 'The calls with this prospect: when, how long, and how each ended.', icon: Phone },
  persona_info: { title: 'Persona', button: 'Persona', description: 'Who the message was written for, how that persona responds, and the offering.', icon: Target },
};

const PANELS: Record<PanelKind, ComponentType<PanelProps>> = {
  thread_info: lazy(() => import('../panels/thread-info-panel')),
  agent_activity: lazy(() => import('../panels/agent-activity-panel')),
  call_details: lazy(() => import('../panels/call-details-panel')),
  persona_info: lazy(() => import('../panels/persona-info-panel')),
};

/** A panel's chunk that failed to download (a deploy replaced it) or a panel that threw. */
class PanelBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error === null) return this.props.children;
    const chunk = isChunkLoadError(this.state.error);
    return (
      <Alert>
        <p>{chunk ? 'This panel could not be loaded: the app was probably updated meanwhile.' : 'This panel could not be shown.'}</p>
        <Button type="button" size="sm" variant="secondary" onClick={() => (chunk ? window.location.reload() : this.setState({ error: null }))}>
          {chunk ? 'Reload the page' : 'Try again'}
        </Button>
      </Alert>
    );
  }
}

export function SidePanel({ kind, subject, onClose }: { kind: PanelKind | null; subject: PanelSubject; onClose: () => void }) {
  // Opened from a plain button: focus returns to it on close.
  const opener = useRef<HTMLElement | null>(null);
  const info = kind ? PANEL_INFO[kind] : null;
  const Panel = kind ? PANELS[kind] : null;
  return (
    <DialogPrimitive.Root open={kind !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="dark fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content
          className="dark fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col border-l border-border bg-surface text-fg shadow-xl shadow-black/40"
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(e) => {
            const el = opener.current;
            opener.current = null;
            if (el?.isConnected) {
              e.preventDefault();
              el.focus();
            }
          }}
        >
          {info && Panel ? (
            <>
              <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
                <div className="min-w-0 space-y-1">
                  <DialogPrimitive.Title className="text-lg font-semibold">
                    {info.title}
                    {subject.prospectName ? <span className="font-normal text-muted"> · {subject.prospectName}</span> : null}
                  </DialogPrimitive.Title>
                  <DialogPrimitive.Description className="text-sm text-muted">{info.description}</DialogPrimitive.Description>
                </div>
                <DialogPrimitive.Close className="rounded-md p-1 text-muted hover:bg-surface-2 hover:text-fg" aria-label="Close panel">
                  <X className="h-4 w-4" aria-hidden />
                </DialogPrimitive.Close>
              </div>
              <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
                <PanelBoundary key={kind}>
                  <Suspense
                    fallback={
                      <div className="flex justify-center py-10">
                        <Spinner label={`Loading ${info.title.toLowerCase()}`} />
                      </div>
                    }
                  >
                    <Panel subject={subject} />
                  </Suspense>
                </PanelBoundary>
              </div>
            </>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** The buttons that open the panels (a toolbar: one tab stop per button). */
export function PanelButtons({ onOpen, label = 'Details' }: { onOpen: (kind: PanelKind) => void; label?: string }) {
  return (
    <div role="toolbar" aria-label={label} className="flex flex-wrap items-center gap-1.5">
      {PANEL_KINDS.map((kind) => {
        const { button, icon: Icon } = PANEL_INFO[kind];
        return (
          <Button key={kind} type="button" size="sm" variant="secondary" aria-haspopup="dialog" onClick={() => onOpen(kind)}>
            <Icon className="h-4 w-4" aria-hidden /> {button}
          </Button>
        );
      })}
    </div>
  );
}
