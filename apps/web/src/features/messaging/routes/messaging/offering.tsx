import { zodResolver } from '@hookform/resolvers/zod';
import { Package, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { apiErrorMessages } from '@shared/api';
import { updateMessagingSettingBodySchema, type MessagingSetting, type Offering } from '@shared/schemas/messaging';
import { EmptyState } from '@web/components/page-frame';
import { Alert, ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { selectClass } from '@web/components/ui/styles';
import { useDeleteOffering, useOfferings } from '../../api/offerings';
import { formatPrice, OfferingForm } from '../../components/offering-form';
import { SaveBar } from '../../components/save-bar';
import { MessagingSection } from '../../components/section';
import { useSettingSave } from '../../hooks/use-setting-save';
import { LoadError } from '@web/components/ui/load-error';

const schema = updateMessagingSettingBodySchema.pick({ offering_id: true });
type Values = { offering_id: number | null };

/** Which offering this setting's messages sell. */
function ChosenOffering({ setting, offerings }: { setting: MessagingSetting | null; offerings: Offering[] }) {
  const id = useId();
  const { submit, savedAt, pending, error } = useSettingSave(setting);
  const form = useForm<Values>({
    resolver: zodResolver(schema) as unknown as Resolver<Values>,
    defaultValues: { offering_id: setting?.offering_id ?? null },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await submit({ offering_id: values.offering_id });
    if (saved) form.reset({ offering_id: saved.offering_id });
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <div className="max-w-md space-y-1.5">
        <Label htmlFor={id}>Offering in these messages</Label>
        <select
          id={id}
          className={selectClass}
          {...form.register('offering_id', { setValueAs: (v: unknown) => (v === '' || v == null ? null : Number(v)) })}
        >
          <option value="">No offering</option>
          {offerings.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
        {form.formState.errors.offering_id ? <p className="text-xs text-danger">{form.formState.errors.offering_id.message}</p> : null}
      </div>
      <SaveBar pending={pending} savedAt={savedAt} error={error} />
    </form>
  );
}

function OfferingCard({ offering }: { offering: Offering }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteOffering();
  if (editing) {
    return (
      <Card className="p-4">
        <OfferingForm offering={offering} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
      </Card>
    );
  }
  const price = formatPrice(offering);
  return (
    <Card className="space-y-2 p-4" role="group" aria-label={offering.name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h4 className="font-medium text-fg">{offering.name}</h4>
          {price ? <p className="text-xs text-muted">{price}</p> : null}
        </div>
        <div className="flex gap-1">
          <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`Edit ${offering.name}`}>
            <Pencil className="h-4 w-4" aria-hidden /> Edit
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(true)} aria-label={`Delete ${offering.name}`}>
            <Trash2 className="h-4 w-4" aria-hidden /> Delete
          </Button>
        </div>
      </div>
      {offering.description ? <p className="text-sm whitespace-pre-line text-muted">{offering.description}</p> : null}
      {offering.url ? (
        <a href={offering.url} target="_blank" rel="noopener noreferrer" className="text-sm text-accent hover:underline">
          {offering.url}
        </a>
      ) : null}
      {confirming ? (
        <Alert>
          <p>Delete {offering.name}? Messages that use it will no longer mention it.</p>
          <div className="flex gap-2">
            <Button type="button" size="sm" variant="danger" pending={remove.isPending} onClick={() => remove.mutate(offering.id)}>
              Delete offering
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        </Alert>
      ) : null}
      <ServerErrors messages={remove.isError ? apiErrorMessages(remove.error) : null} />
    </Card>
  );
}

function Offerings({ setting }: { setting: MessagingSetting | null }) {
  const offerings = useOfferings();
  const [adding, setAdding] = useState(false);
  if (offerings.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted">
        <Spinner className="h-4 w-4" /> Loading your offerings…
      </p>
    );
  }
  if (offerings.isError) {
    return (
      <LoadError what="your offerings" error={offerings.error} onRetry={() => offerings.refetch()} />
    );
  }
  const list = offerings.data;
  return (
    <div className="space-y-6">
      <ChosenOffering setting={setting} offerings={list} />
      <div className="space-y-3">
        <div className="flex items-center justify-between">
          <h3 className="text-sm font-semibold text-fg">Your offerings</h3>
          {!adding && list.length > 0 ? (
            <Button type="button" size="sm" variant="secondary" onClick={() => setAdding(true)}>
              <Plus className="h-4 w-4" aria-hidden /> New offering
            </Button>
          ) : null}
        </div>
        {adding ? (
          <Card className="p-4">
            <OfferingForm onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
          </Card>
        ) : null}
        {list.length === 0 && !adding ? (
          <EmptyState
            icon={Package}
            title="No offerings yet"
            action={
              <Button type="button" variant="secondary" onClick={() => setAdding(true)}>
                <Plus className="h-4 w-4" aria-hidden /> New offering
              </Button>
            }
          >
            An offering is a product or service the agent sells: what it is, what it costs, where to read more.
          </EmptyState>
        ) : null}
        <div className="grid gap-3">
          {list.map((o) => (
            <OfferingCard key={o.id} offering={o} />
          ))}
        </div>
      </div>
    </div>
  );
}

export function OfferingRoute() {
  return <MessagingSection slug="offering">{(setting) => <Offerings setting={setting} />}</MessagingSection>;
}
