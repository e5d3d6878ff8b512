import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Check, ExternalLink, RefreshCw, SkipForward, X } from 'lucide-react';
import { useState } from 'react';
import { apiErrorMessages } from '@shared/api';
import { EDITABLE_POST_STATUSES, SOCIAL_POST_MAX_CHARS, type SocialPost, type SocialProfile, type UpdateSocialPostBody } from '@shared/schemas/brand-awareness';
import { Alert, ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { textareaClass } from '@web/components/ui/styles';
import { useRegenerate, useUpdatePost } from '../api/brand-awareness';
import { StatusBadge } from './posts-calendar';

/** "2026-12-02T09:30" in the browser's zone, for a datetime-local input. */
const localInput = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/**
 * The manage automated post side panel (spec §2): the post as it will look on LinkedIn, why it failed or
 * waits, and what the user can do: edit the text, time or image, write it again, approve (a post whose
 * time passed goes out now) or skip. A published post links to LinkedIn.
 */
export function ManagePostPanel({ post, profile, onClose }: { post: SocialPost | null; profile: SocialProfile | null; onClose: () => void }) {
  return (
    <DialogPrimitive.Root open={post !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="dark fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content className="dark fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col border-l border-border bg-surface text-fg shadow-xl shadow-black/40">
          {post ? <PanelBody key={`${post.id}-${post.updated_at}`} post={post} profile={profile} onClose={onClose} /> : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function PanelBody({ post, profile, onClose }: { post: SocialPost; profile: SocialProfile | null; onClose: () => void }) {
  const update = useUpdatePost(post.virtual_employee_id);
  const regenerate = useRegenerate(post.virtual_employee_id);
  const [content, setContent] = useState(post.content);
  const [when, setWhen] = useState(localInput(post.scheduled_at));
  const [imageUrl, setImageUrl] = useState(post.image_url ?? '');
  const [current, setCurrent] = useState(post);
  // When the panel opened: a post due before then is approved to go out now.
  const [openedAt] = useState(() => Date.now());
  const editable = EDITABLE_POST_STATUSES.includes(current.status);
  const past = new Date(current.scheduled_at).getTime() <= openedAt;
  const dirty = content !== current.content || when !== localInput(current.scheduled_at) || imageUrl !== (current.image_url ?? '');

  const changes = (): UpdateSocialPostBody => ({
    ...(content !== current.content ? { content } : {}),
    ...(when !== localInput(current.scheduled_at) ? { scheduled_at: new Date(when).toISOString() } : {}),
    ...(imageUrl !== (current.image_url ?? '') ? { image_url: imageUrl } : {}),
  });
  const apply = (body: UpdateSocialPostBody) =>
    update.mutate(
      { id: current.id, body },
      {
        onSuccess: (saved) => {
          setCurrent(saved);
          setContent(saved.content);
          setWhen(localInput(saved.scheduled_at));
          setImageUrl(saved.image_url ?? '');
        },
      },
    );
  const errors = update.isError ? apiErrorMessages(update.error) : regenerate.isError ? apiErrorMessages(regenerate.error) : null;

  return (
    <>
      <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
        <div className="min-w-0 space-y-1">
          <DialogPrimitive.Title className="text-lg font-semibold">Manage automated post</DialogPrimitive.Title>
          <DialogPrimitive.Description className="text-sm text-muted">
            {current.virtual_employee_name} · {new Date(current.scheduled_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
          </DialogPrimitive.Description>
        </div>
        <DialogPrimitive.Close className="rounded-md p-1 text-muted hover:bg-surface-2 hover:text-fg" aria-label="Close panel">
          <X className="h-4 w-4" aria-hidden />
        </DialogPrimitive.Close>
      </div>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 py-4">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <StatusBadge status={current.status} />
          <span className="text-muted">Topic: {current.topic}</span>
        </div>
        {current.error ? (
          <Alert tone={current.status === 'approved' ? 'warning' : 'error'}>
            <p>{current.error}</p>
          </Alert>
        ) : null}

        <figure className="space-y-3 rounded-lg border border-border bg-surface-2 p-4" aria-label="Preview on LinkedIn">
          <div className="flex items-center gap-2">
            {profile?.picture_url ? <img src={profile.picture_url} alt="" className="h-9 w-9 rounded-full object-cover" /> : null}
            <div>
              <p className="text-sm font-medium text-fg">{profile?.name ?? current.virtual_employee_name}</p>
              <p className="text-xs text-muted">LinkedIn · public</p>
            </div>
          </div>
          <p className="text-sm whitespace-pre-line text-fg">{content}</p>
          {imageUrl ? <img src={imageUrl} alt={current.topic} className="max-h-48 rounded-md object-cover" /> : null}
        </figure>

        {current.status === 'published' && current.external_url ? (
          <a href={current.external_url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-sm text-accent hover:underline">
            <ExternalLink className="h-4 w-4" aria-hidden /> View on LinkedIn
          </a>
        ) : null}

        {editable ? (
          <div className="space-y-4">
            <div className="space-y-1.5">
              <Label htmlFor="post-text">Text</Label>
              <textarea id="post-text" className={`${textareaClass} min-h-48`} value={content} maxLength={SOCIAL_POST_MAX_CHARS} onChange={(e) => setContent(e.target.value)} />
              <p className="text-xs text-muted">
                {content.length} / {SOCIAL_POST_MAX_CHARS} characters
              </p>
            </div>
            <Field label="Publish at" type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
            <Field label="Image address (optional)" type="url" placeholder="https://…/picture.png" value={imageUrl} onChange={(e) => setImageUrl(e.target.value)} hint="PNG, JPEG or GIF; uploaded to LinkedIn with the post." />
            <ServerErrors messages={errors} />
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="secondary" disabled={!dirty} pending={update.isPending && dirty} onClick={() => apply(changes())}>
                Save changes
              </Button>
              <Button
                type="button"
                variant="secondary"
                pending={regenerate.isPending}
                onClick={() =>
                  regenerate.mutate(current, {
                    onSuccess: (saved) => {
                      setCurrent(saved);
                      setContent(saved.content);
                    },
                  })
                }
              >
                <RefreshCw className="h-4 w-4" aria-hidden /> Regenerate
              </Button>
            </div>
            <div className="flex flex-wrap gap-2 border-t border-border pt-4">
              {current.status !== 'approved' ? (
                <Button type="button" pending={update.isPending} onClick={() => apply({ ...changes(), status: 'approved' })}>
                  <Check className="h-4 w-4" aria-hidden /> {past ? 'Approve and publish now' : 'Approve'}
                </Button>
              ) : (
                <Button type="button" variant="secondary" onClick={() => apply({ ...changes(), status: 'pending_approval' })}>
                  Take approval back
                </Button>
              )}
              {current.status !== 'skipped' ? (
                <Button type="button" variant="ghost" onClick={() => apply({ status: 'skipped' })}>
                  <SkipForward className="h-4 w-4" aria-hidden /> Skip
                </Button>
              ) : null}
            </div>
          </div>
        ) : (
          <p className="text-sm text-muted">{current.status === 'publishing' ? 'This post is being published right now.' : 'Published posts cannot be changed here.'}</p>
        )}
        <div className="flex justify-end">
          <Button type="button" variant="ghost" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </>
  );
}
