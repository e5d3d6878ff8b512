import { Download, Trash2, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { apiErrorMessages } from '@shared/api';
import type { ProspectSelection } from '@shared/schemas/prospects';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { notify } from '@web/lib/notify';
import { usePersonaList } from '../../api/list-personas';
import { useAddProspectsToPersona, useDeleteProspects, useExportProspects } from '../../api/prospects';
import { Dialog } from '@web/components/ui/dialog';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { selectClass } from '@web/components/ui/styles';
import { counted } from '@web/lib/counted';


/** "Add to persona": pick one of the account's personas; the selected prospects join it once. */
export function AddToPersonaButton({ selection, count }: { selection: ProspectSelection; count: number }) {
  const [open, setOpen] = useState(false);
  const [personaId, setPersonaId] = useState('');
  const personas = usePersonaList({ page: 1, per_page: 100, sort: 'name', sort_direction: 'asc' });
  const add = useAddProspectsToPersona();
  const selectId = useId();
  const submit = () =>
    add.mutate(
      { persona_id: Number(personaId), selection },
      {
        onSuccess: ({ added, already }) => {
          setOpen(false);
          const name = personas.data?.data.find((p) => p.id === Number(personaId))?.name ?? 'the persona';
          notify.success(`${counted(added, 'prospect')} added to “${name}”`, already ? { description: `${already.toLocaleString('en-US')} ${already === 1 ? 'was' : 'were'} already in it` } : {});
        },
      },
    );
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="secondary"
        onClick={() => {
          add.reset();
          setOpen(true);
        }}
      >
        <UserPlus className="h-4 w-4" aria-hidden />
        Add to persona
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Add to a persona" description={`${counted(count, 'prospect')} will join the persona you choose.`}>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (personaId) submit();
          }}
        >
          <div className="space-y-1.5">
            <label htmlFor={selectId} className="text-sm font-medium text-fg">
              Persona
            </label>
            <select id={selectId} className={selectClass} value={personaId} onChange={(e) => setPersonaId(e.target.value)} required>
              <option value="">Choose a persona…</option>
              {personas.data?.data.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.prospects_count})
                </option>
              ))}
            </select>
            {personas.data?.data.length === 0 ? <p className="text-sm text-muted">You have no personas yet: create one on the Personas page first.</p> : null}
          </div>
          <ServerErrors messages={add.isError ? apiErrorMessages(add.error) : null} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" pending={add.isPending} disabled={!personaId}>
              Add {counted(count, 'prospect')}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** Delete with confirmation: erasure of the prospects and everything recorded about them. */
export function DeleteProspectsButton({ selection, count, onDeleted }: { selection: ProspectSelection; count: number; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteProspects();
  return (
    <>
      <Button
        type="button"
        size="sm"
        variant="secondary"
        onClick={() => {
          remove.reset();
          setOpen(true);
        }}
      >
        <Trash2 className="h-4 w-4" aria-hidden />
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete ${counted(count, 'prospect')}?`}
        description="They are erased from your account: removed from every persona, with their activity history. This cannot be undone."
        confirmLabel={`Delete ${counted(count, 'prospect')}`}
        pending={remove.isPending}
        error={remove.isError ? remove.error : null}
        onConfirm={() =>
          remove.mutate(selection, {
            onSuccess: ({ deleted }) => {
              setOpen(false);
              notify.success(`${counted(deleted, 'prospect')} deleted`);
              onDeleted();
            },
          })
        }
      />
    </>
  );
}

/** Export CSV of the selection (or of everything the list shows). */
export function ExportProspectsButton({ selection, label = 'Export CSV', size = 'md' }: { selection: ProspectSelection; label?: string; size?: 'sm' | 'md' }) {
  const exporter = useExportProspects();
  return (
    <Button
      type="button"
      size={size}
      variant="secondary"
      pending={exporter.isPending}
      onClick={() => exporter.mutate(selection, { onError: (e) => notify.error(apiErrorMessages(e)[0] ?? 'Export failed') })}
    >
      <Download className="h-4 w-4" aria-hidden />
      {label}
    </Button>
  );
}
