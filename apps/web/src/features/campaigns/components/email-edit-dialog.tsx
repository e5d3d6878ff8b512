import { useState } from 'react';
import { apiErrorMessages } from '@shared/api';
import type { CampaignEmail } from '@shared/schemas/campaigns';
import { RichTextEditor } from '@web/components/rich-text';
import { ClaimFlags } from '@web/components/claim-flags';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { notify } from '@web/lib/notify';
import { useUpdateCampaignEmail } from '../api/campaigns';

/** Edit a draft or scheduled email: its subject and body (sanitised on the server), optionally approving it too. */
export function EmailEditDialog({ email, onClose }: { email: CampaignEmail | null; onClose: () => void }) {
  return (
    <Dialog open={email !== null} onOpenChange={(open) => !open && onClose()} title="Edit email" description={email ? `To ${email.to_email} · step ${email.step}` : undefined} className="max-w-2xl">
      {email ? <EmailForm key={email.id} email={email} onClose={onClose} /> : null}
    </Dialog>
  );
}

/** The form starts from the email it opens with (keyed by it, so another email starts afresh). */
function EmailForm({ email, onClose }: { email: CampaignEmail; onClose: () => void }) {
  const [subject, setSubject] = useState(email.subject);
  const [body, setBody] = useState(email.body_html);
  const update = useUpdateCampaignEmail();
  const save = (approve: boolean) => {
    update.mutate(
      { id: email.id, body: { subject, body_html: body, ...(approve && email.status === 'draft' ? { action: 'approve' as const } : {}) } },
      {
        onSuccess: () => {
          notify.success(approve ? 'Email saved and approved' : 'Email saved');
          onClose();
        },
      },
    );
  };
  return (
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          save(false);
        }}
      >
        <Field label="Subject" value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={300} required />
        <div className="space-y-1.5">
          <span className="text-sm font-medium text-fg">Body</span>
          <RichTextEditor label="Body" field="email_body" value={body} onChange={setBody} />
        </div>
        <ClaimFlags flags={email.claim_flags} title="When last checked, these claims were not supported" />
        <ServerErrors messages={update.isError ? apiErrorMessages(update.error) : null} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="secondary" pending={update.isPending}>
            Save
          </Button>
          {email.status === 'draft' ? (
            <Button type="button" pending={update.isPending} onClick={() => save(true)}>
              Save and approve
            </Button>
          ) : null}
        </div>
      </form>
  );
}
