import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { apiErrorMessages } from '@shared/api';
import type { Persona } from '@shared/schemas/personas';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { notify } from '@web/lib/notify';
import { useDeletePersona } from '../api/delete-persona';
import { Dialog } from '@web/components/ui/dialog';

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
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete “${persona.name}”?`}
        description={`The persona and its search filters are deleted. Its ${persona.prospects_count} prospect${persona.prospects_count === 1 ? '' : 's'} stay in your account.`}
      >
        <div className="space-y-4">
          <ServerErrors messages={remove.isError ? apiErrorMessages(remove.error) : null} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="button" variant="danger" pending={remove.isPending} onClick={confirm}>
              Delete persona
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
