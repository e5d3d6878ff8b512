import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { apiErrorMessages } from '@shared/api';
import { updatePersonaBodySchema, type Persona } from '@shared/schemas/personas';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { notify } from '@web/lib/notify';
import { useUpdatePersona } from '../api/persona';
import { Dialog } from '@web/components/ui/dialog';
import { textareaClass } from '@web/components/ui/styles';

type Input = z.input<typeof updatePersonaBodySchema>;
type Output = z.output<typeof updatePersonaBodySchema>;

function EditForm({ persona, onDone }: { persona: Persona; onDone: () => void }) {
  const update = useUpdatePersona(persona.id);
  const descriptionId = useId();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(updatePersonaBodySchema),
    defaultValues: { name: persona.name, description: persona.description ?? '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ name: values.name, description: values.description ? values.description : null });
      notify.success('Persona saved');
      onDone();
    } catch {
      // Shown from update.error below.
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ServerErrors messages={update.isError ? apiErrorMessages(update.error) : null} />
      <Field label="Name" autoFocus error={errors.name?.message} {...form.register('name')} />
      <div className="space-y-1.5">
        <Label htmlFor={descriptionId}>Description</Label>
        <textarea id={descriptionId} className={textareaClass} aria-invalid={errors.description ? true : undefined} {...form.register('description')} />
        {errors.description ? <p className="text-xs text-danger">{errors.description.message}</p> : null}
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" pending={update.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** "Edit details": the persona's name and description. */
export function EditPersonaDialog({ persona }: { persona: Persona }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
        <Pencil className="h-4 w-4" aria-hidden />
        Edit details
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Edit persona">
        {open ? <EditForm persona={persona} onDone={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  );
}
