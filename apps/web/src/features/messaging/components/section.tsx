import { FileText } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { MessagingSetting } from '@shared/schemas/messaging';
import { EmptyState } from '@web/components/page-frame';
import { Spinner } from '@web/components/ui/spinner';
import { SETTING_PARAM, useCurrentSetting } from '../hooks/use-current-setting';
import { MESSAGING_SECTIONS } from '../sections';
import { LoadError } from '@web/components/ui/load-error';

type Slug = (typeof MESSAGING_SECTIONS)[number]['slug'];

/** A messaging section: its heading and description, with loading and error states for the settings. */
export function MessagingSection({ slug, children }: { slug: Slug; children: (setting: MessagingSetting | null) => ReactNode }) {
  const section = MESSAGING_SECTIONS.find((s) => s.slug === slug)!;
  const { query, setting } = useCurrentSetting();
  const [params] = useSearchParams();
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted">
        <Spinner className="h-4 w-4" /> Loading your messaging settings…
      </p>
    );
  } else if (query.isError) {
    body = (
      <LoadError what="your messaging settings" error={query.error} onRetry={() => query.refetch()} />
    );
  } else {
    // Forms start from the setting they were opened with; picking another setting starts them afresh,
    // while the first save (which creates the default setting) keeps them, with their "Saved" state.
    body = <Fragment key={params.get(SETTING_PARAM) ?? 'current'}>{children(setting)}</Fragment>;
  }
  return (
    <section aria-labelledby="section-title" className="space-y-4">
      <div>
        <h2 id="section-title" className="text-lg font-semibold text-fg">
          {section.label}
        </h2>
        <p className="text-sm text-muted">{section.description}</p>
        {query.isSuccess && !setting && !['', 'example', 'persons'].includes(slug) ? (
          <p className="mt-1 text-xs text-muted">No messaging settings yet: saving here creates your default settings.</p>
        ) : null}
      </div>
      {body}
    </section>
  );
}

export function NoSettingsYet({ children }: { children?: ReactNode }) {
  return (
    <EmptyState icon={FileText} title="No messaging settings yet">
      {children ?? 'Save any section (tone of voice, signature, …) to create your default messaging settings.'}
    </EmptyState>
  );
}
