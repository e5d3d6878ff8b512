import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Persona } from '@shared/schemas/personas';
import { Button } from '@web/components/ui/button';
import { notify } from '@web/lib/notify';
import { useDeletePersona } from '../api/delete-persona';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';

/** Delete with confirmation: an icon button named "Delete <persona>", then a dialog that says what goes. */
export function DeletePersonaButton({ persona, onDeleted, withText }: { persona: Persona; onDeleted?: () => void; withText?: boolean }) {
  const [open, setOpen] = useState(false);
  const remove = useDeletePersona();
  const confirm = () =>
    remove.mutate(persona.id, {
      onSuccess: () => {
        setOpen(false);
        notify.success(`Persona “${persona.name}” deleted`);
        onDeleted?.();
      },
    });
  return (
    <>
      <Button
        type="button"
        variant={withText ? 'secondary' : 'ghost'}
        size={withText ? 'md' : 'icon'}
        aria-label={withText ? undefined : `Delete ${persona.name}`}
        onClick={() => {
          remove.reset();
          setOpen(true);
        }}
      >
        <Trash2 className="h-4 w-4" aria-hidden />
        {withText ? 'Delete' : null}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete “${persona.name}”?`}
        description={`The persona and its search filters are deleted. Its ${persona.prospects_count} prospect${persona.prospects_count === 1 ? '' : 's'} stay in your account.`}
        confirmLabel="Delete persona"
        pending={remove.isPending}
        error={remove.isError ? remove.error : null}
        onConfirm={confirm}
      />
    </>
  );
}
