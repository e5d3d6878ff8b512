import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { apiErrorMessages } from '@shared/api';
import { createPersonaBodySchema, type Persona } from '@shared/schemas/personas';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { useCreatePersona } from '@web/features/messaging';
import { notify } from '@web/lib/notify';
import { Dialog } from '@web/components/ui/dialog';
import { textareaClass } from '@web/components/ui/styles';

type Input = z.input<typeof createPersonaBodySchema>;
type Output = z.output<typeof createPersonaBodySchema>;

function CreatePersonaForm({ onCreated, onCancel }: { onCreated: (persona: Persona) => void; onCancel: () => void }) {
  const create = useCreatePersona();
  const descriptionId = useId();
  const form = useForm<Input, unknown, Output>({
    // An empty description means "none"; the name is validated as typed (empty → "Name is required").
    resolver: (values, context, options) =>
      zodResolver(createPersonaBodySchema)({ ...values, description: values.description?.trim() ? values.description : undefined }, context, options),
    defaultValues: { name: '', description: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const persona = await create.mutateAsync(values);
      notify.success(`Persona “${persona.name}” created`);
      onCreated(persona);
    } catch {
      // Shown from create.error below.
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ServerErrors messages={create.isError ? apiErrorMessages(create.error) : null} />
      <Field label="Name" autoFocus placeholder="e.g. Heads of Sales in SaaS" error={errors.name?.message} {...form.register('name')} />
      <div className="space-y-1.5">
        <Label htmlFor={descriptionId}>Description</Label>
        <textarea
          id={descriptionId}
          className={textareaClass}
          placeholder="Who they are and why they buy (optional)"
          aria-invalid={errors.description ? true : undefined}
          {...form.register('description')}
        />
        {errors.description ? <p className="text-xs text-danger">{errors.description.message}</p> : null}
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" pending={create.isPending}>
          Create persona
        </Button>
      </div>
    </form>
  );
}

/** "New persona" button and its dialog: name (required) and description, validated by the shared schema. */
export function CreatePersonaDialog({ onCreated, label = 'New persona' }: { onCreated?: (persona: Persona) => void; label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" onClick={() => setOpen(true)}>
        <Plus className="h-4 w-4" aria-hidden />
        {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="New persona" description="A target audience for your agents. You add its search filters next.">
        {open ? (
          <CreatePersonaForm
            onCancel={() => setOpen(false)}
            onCreated={(persona) => {
              setOpen(false);
              onCreated?.(persona);
            }}
          />
        ) : null}
      </Dialog>
    </>
  );
}
