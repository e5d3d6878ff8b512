import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { SuppressionReason } from '@shared/schemas/blacklist';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { notify } from '@web/lib/notify';
import { useRemoveFromBlacklist, type BlacklistKind } from '../api/blacklist';

/** Remove with confirmation; an unsubscribe or a bounce is taken off only with a warning that says why it is there. */
export function RemoveEntryButton({ kind, id, value, reason }: { kind: BlacklistKind; id: number; value: string; reason: SuppressionReason }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveFromBlacklist(kind);
  const warning =
    reason === 'unsubscribed'
      ? 'This person unsubscribed. Writing to them again can break anti-spam law (CAN-SPAM, GDPR) and hurt your sender reputation.'
      : reason === 'hard_bounce'
        ? 'This address bounced: mail to it is likely to bounce again and hurt your sender reputation.'
        : null;
  const confirm = () =>
    remove.mutate(id, {
      onSuccess: () => {
        setOpen(false);
        notify.success(`${value} removed from the blacklist`);
      },
    });
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Remove ${value}`}
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
        title={`Remove ${value} from the blacklist?`}
        description={kind === 'emails' ? 'Your agents may write to this address again.' : 'Your agents may write to addresses of this domain again.'}
        confirmLabel="Remove"
        pending={remove.isPending}
        error={remove.isError ? remove.error : null}
        onConfirm={confirm}
      >
        {warning ? <p className="rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-fg">{warning}</p> : null}
      </ConfirmDialog>
    </>
  );
}
