import { Pencil, Plus, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiErrorMessages } from '@shared/api';
import type { VirtualEmployee } from '@shared/schemas/campaigns';
import { EmptyState } from '@web/components/page-frame';
import { ServerErrors } from '@web/components/ui/alert';
import { LoadError } from '@web/components/ui/load-error';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { RichTextEditor } from '@web/components/rich-text';
import { paths } from '@web/config/paths';
import { notify } from '@web/lib/notify';
import { useMailboxOptions, usePersonaChoices, useSaveVirtualEmployee, useVirtualEmployees } from '../api/virtual-employees';

type Editing = { employee: VirtualEmployee | null } | null;

function toggle(ids: number[], id: number, on: boolean) {
  return on ? [...ids, id] : ids.filter((x) => x !== id);
}

/** Create or edit a virtual employee: name, title, its mailboxes (at least one) and the personas it works. */
function EmployeeDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && onClose()} title={editing?.employee ? 'Edit virtual employee' : 'New virtual employee'} description="The identity the agent writes as, and the mailboxes it sends from.">
      {editing ? <EmployeeForm key={editing.employee?.id ?? 'new'} employee={editing.employee} onClose={onClose} /> : null}
    </Dialog>
  );
}

/** The form starts from the employee it opens with (keyed by it). */
function EmployeeForm({ employee, onClose }: { employee: VirtualEmployee | null; onClose: () => void }) {
  const mailboxes = useMailboxOptions();
  const personas = usePersonaChoices();
  const save = useSaveVirtualEmployee();
  const [name, setName] = useState(employee?.name ?? '');
  const [title, setTitle] = useState(employee?.title ?? '');
  const [photoUrl, setPhotoUrl] = useState(employee?.photo_url ?? '');
  const [signature, setSignature] = useState(employee?.signature ?? '');
  const [mailboxIds, setMailboxIds] = useState<number[]>(employee?.user_email_ids ?? []);
  const [personIds, setPersonIds] = useState<number[]>(employee?.person_ids ?? []);
  const [error, setError] = useState<string | null>(null);
  const submit = (ev: React.FormEvent) => {
    ev.preventDefault();
    if (!name.trim()) return setError('Name is required');
    if (mailboxIds.length === 0) return setError('Choose at least one mailbox');
    setError(null);
    save.mutate(
      { id: employee?.id ?? null, body: { name: name.trim(), title: title.trim() || null, photo_url: photoUrl.trim() || null, signature, user_email_ids: mailboxIds, person_ids: personIds } },
      {
        onSuccess: () => {
          notify.success(employee ? 'Virtual employee saved' : 'Virtual employee created');
          onClose();
        },
      },
    );
  };
  return mailboxes.isPending || personas.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading mailboxes and personas" />
        </div>
      ) : (
        <form className="space-y-4" onSubmit={submit} noValidate>
          <Field label="Name" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} autoFocus />
          <Field label="Title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} placeholder="Sales development representative" />
          <Field label="Photo URL" type="url" value={photoUrl} onChange={(e) => setPhotoUrl(e.target.value)} maxLength={2000} placeholder="https://…" />
          <div className="space-y-1.5">
            <span className="text-sm font-medium text-fg">Signature</span>
            <RichTextEditor label="Signature" field="signature" value={signature} onChange={setSignature} placeholder="Used instead of the messaging signature in what this employee writes" />
          </div>
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium text-fg">Mailboxes</legend>
            {mailboxes.data?.length ? (
              mailboxes.data.map((m) => (
                <label key={m.id} className="flex items-center gap-2 text-sm break-all text-fg">
                  <input type="checkbox" checked={mailboxIds.includes(m.id)} onChange={(e) => setMailboxIds((ids) => toggle(ids, m.id, e.target.checked))} />
                  {m.email}
                  {m.status !== 'active' ? <span className="text-xs text-warning">({m.status})</span> : null}
                </label>
              ))
            ) : (
              <p className="text-xs text-muted">
                No mailbox connected: <Link className="text-accent underline" to={paths.cabinet.mailboxes.path}>connect one</Link> first.
              </p>
            )}
          </fieldset>
          {personas.data?.length ? (
            <fieldset className="space-y-1.5">
              <legend className="text-sm font-medium text-fg">Personas it works</legend>
              {personas.data.map((p) => (
                <label key={p.id} className="flex items-center gap-2 text-sm text-fg">
                  <input type="checkbox" checked={personIds.includes(p.id)} onChange={(e) => setPersonIds((ids) => toggle(ids, p.id, e.target.checked))} />
                  {p.name}
                </label>
              ))}
            </fieldset>
          ) : null}
          <ServerErrors messages={error ? [error] : save.isError ? apiErrorMessages(save.error) : mailboxes.isError ? apiErrorMessages(mailboxes.error) : null} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" pending={save.isPending}>
              {employee ? 'Save' : 'Create'}
            </Button>
          </div>
        </form>
      );
}

/** The virtual employees of the account, on Edit agents: list, create, edit. */
export function VirtualEmployeesSection() {
  const employees = useVirtualEmployees();
  const [editing, setEditing] = useState<Editing>(null);
  const add = (
    <Button type="button" size="sm" onClick={() => setEditing({ employee: null })}>
      <Plus className="h-4 w-4" aria-hidden /> New virtual employee
    </Button>
  );
  return (
    <section aria-labelledby="virtual-employees" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="virtual-employees" className="text-lg font-semibold text-fg">
          Virtual employees
        </h2>
        {employees.data?.length ? add : null}
      </div>
      {employees.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading virtual employees" />
        </div>
      ) : employees.isError ? (
        <LoadError what="your virtual employees" error={employees.error} onRetry={() => employees.refetch()} />
      ) : employees.data.length === 0 ? (
        <EmptyState icon={UserRound} title="No virtual employee yet" action={add}>
          A virtual employee is who your campaigns write as: a name, a title and the mailboxes it sends from.
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {employees.data.map((ve) => (
            <li key={ve.id} className="flex items-start justify-between gap-3 rounded-xl border border-border bg-surface p-4">
              <div className="flex min-w-0 gap-3">
                {ve.photo_url ? <img src={ve.photo_url} alt="" className="h-10 w-10 shrink-0 rounded-full object-cover" referrerPolicy="no-referrer" /> : null}
                <div className="min-w-0">
                <p className="font-medium text-fg">{ve.name}</p>
                {ve.title ? <p className="text-sm text-muted">{ve.title}</p> : null}
                <p className="mt-1 text-xs break-all text-muted">{ve.mailboxes.map((m) => m.email).join(', ') || 'No mailbox'}</p>
                </div>
              </div>
              <Button type="button" size="sm" variant="secondary" aria-label={`Edit ${ve.name}`} onClick={() => setEditing({ employee: ve })}>
                <Pencil className="h-4 w-4" aria-hidden /> Edit
              </Button>
            </li>
          ))}
        </ul>
      )}
      <EmployeeDialog editing={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
