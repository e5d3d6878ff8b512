import type { ReactNode } from 'react';
import { apiErrorMessages } from '@shared/api';
import { ServerErrors } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';

/**
 * "Are you sure?" for an action that removes something: what goes (title, description, optional
 * children such as a warning), the server's refusal if the action failed, Cancel and a danger button
 * that shows progress. Focus returns to the control that opened it (Dialog).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pending,
  error,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  confirmLabel: string;
  pending: boolean;
  /** The mutation's error, shown as the server's messages. */
  error: unknown;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <div className="space-y-4">
        {children}
        <ServerErrors messages={error ? apiErrorMessages(error) : null} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" variant="danger" pending={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
