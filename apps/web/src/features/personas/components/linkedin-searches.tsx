import { ExternalLink, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { apiErrorMessages } from '@shared/api';
import { createLinkedInSearchBodySchema, type LinkedInSearch } from '@shared/schemas/linkedin-searches';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Field } from '@web/components/ui/field';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { notify } from '@web/lib/notify';
import { useCreateLinkedInSearch, useDeleteLinkedInSearch, useLinkedInSearches } from '../api/linkedin-searches';

const KIND_LABEL: Record<LinkedInSearch['kind'], string> = { classic: 'LinkedIn search', sales_navigator: 'Sales Navigator' };

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function AddSearchForm({ personaId }: { personaId: number }) {
  const create = useCreateLinkedInSearch(personaId);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ url?: string; name?: string }>({});

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createLinkedInSearchBodySchema.safeParse({ person_id: personaId, url, ...(name.trim() ? { name } : {}) });
    if (!parsed.success) {
      const next: { url?: string; name?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'url' || field === 'name') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(
      { url, ...(name.trim() ? { name: name.trim() } : {}) },
      {
        onSuccess: (search) => {
          notify.success(`Saved search “${search.name}”`);
          setUrl('');
          setName('');
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-3 rounded-xl border border-border bg-surface p-4 sm:grid-cols-[2fr_1fr_auto] sm:items-start">
      <Field
        label="Search URL"
        placeholder="https://www.linkedin.com/search/results/people/?keywords=…"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.url}
        hint="A LinkedIn people search or a Sales Navigator lead search, copied from the address bar."
      />
      <Field label="Name (optional)" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
      <Button type="submit" className="sm:mt-6" pending={create.isPending}>
        Save search
      </Button>
      {create.isError ? (
        <Alert className="sm:col-span-3">
          {apiErrorMessages(create.error).map((m) => (
            <p key={m}>{m}</p>
          ))}
        </Alert>
      ) : null}
    </form>
  );
}

function DeleteSearchButton({ personaId, search }: { personaId: number; search: LinkedInSearch }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteLinkedInSearch(personaId);
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Delete ${search.name}`}
        onClick={() => {
          remove.reset();
          setOpen(true);
        }}
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete “${search.name}”?`}
        description={`The extension stops adding its results to this persona. The ${search.added_count} prospect${search.added_count === 1 ? '' : 's'} it added stay.`}
        confirmLabel="Delete search"
        pending={remove.isPending}
        error={remove.isError ? remove.error : null}
        onConfirm={() =>
          remove.mutate(search.id, {
            onSuccess: () => {
              setOpen(false);
              notify.success(`Saved search “${search.name}” deleted`);
            },
          })
        }
      />
    </>
  );
}

/**
 * The persona's saved LinkedIn searches: save one by its URL, open it on LinkedIn, see what the extension
 * added from it. The extension reads the result cards as the user pages (it never clicks for them).
 */
export function LinkedInSearches({ personaId }: { personaId: number }) {
  const searches = useLinkedInSearches(personaId);
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        Open a saved search on LinkedIn with the browser extension signed in: as you page through the results, the people on screen are added to this
        persona, each once.
      </p>
      <AddSearchForm personaId={personaId} />
      {searches.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted" role="status">
          <Spinner className="h-4 w-4" /> Loading saved searches…
        </p>
      ) : searches.isError ? (
        <LoadError what="the saved searches" error={searches.error} onRetry={() => searches.refetch()} />
      ) : searches.data.length === 0 ? (
        <p className="text-sm text-muted">No saved searches yet.</p>
      ) : (
        <ul aria-label="Saved LinkedIn searches" className="divide-y divide-border rounded-xl border border-border">
          {searches.data.map((s) => (
            <li key={s.id} className="flex items-start justify-between gap-3 p-4">
              <div className="min-w-0 space-y-1">
                <a href={s.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-fg hover:text-accent">
                  {s.name} <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                  <span className="sr-only">(opens LinkedIn)</span>
                </a>
                <p className="text-xs text-muted">
                  {KIND_LABEL[s.kind]} · {s.added_count} added
                  {s.last_captured_at ? ` · last read ${dateTime.format(new Date(s.last_captured_at))}${s.last_page ? `, page ${s.last_page}` : ''}` : ' · not opened yet'}
                </p>
              </div>
              <DeleteSearchButton personaId={personaId} search={s} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
