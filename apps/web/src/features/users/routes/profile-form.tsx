import { zodResolver } from '@hookform/resolvers/zod';
import { Check } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { apiErrorMessages } from '@shared/api';
import { userUpdateBodySchema, type User } from '@shared/schemas/auth';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { UserAvatar } from '@web/components/user-avatar';
import { PlanBillingSection } from '@web/features/billing';
import { resizeImageToDataUrl } from '@web/lib/image';
import { notify } from '@web/lib/notify';
import { useUser } from '@web/lib/user';
import { useUpdateProfile } from '../api/profile-queries';

type Input = z.input<typeof userUpdateBodySchema>;
type Output = z.output<typeof userUpdateBodySchema>;

const valuesOf = (user: User): Input => ({ name: user.name ?? '', email: user.email, current_password: '', phone: user.phone ?? '', image: user.image });

/** A new sign-in email waits for the link mailed to it; until then the account keeps its email. */
function PendingEmail({ user }: { user: User }) {
  if (!user.unconfirmed_email) return null;
  return (
    <p role="status" className="rounded-md border border-border bg-surface-2 px-3 py-2 text-sm">
      We sent a confirmation link to <strong>{user.unconfirmed_email}</strong>; your email stays <strong>{user.email}</strong> until you confirm.
    </p>
  );
}

function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const [photoError, setPhotoError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const form = useForm<Input, unknown, Output>({
    // An emptied phone means "remove it": sent as null. The current password goes only with a new email.
    resolver: (values, ctx, opts) =>
      zodResolver(userUpdateBodySchema)(
        {
          ...values,
          name: values.name || undefined,
          phone: values.phone ? values.phone : null,
          current_password: values.email?.trim().toLowerCase() !== user.email ? values.current_password : undefined,
        },
        ctx,
        opts,
      ),
    defaultValues: valuesOf(user),
  });
  const { errors, isDirty } = form.formState;
  const image = useWatch({ control: form.control, name: 'image' });
  const name = useWatch({ control: form.control, name: 'name' });
  const email = useWatch({ control: form.control, name: 'email' });
  const emailChanging = (email ?? '').trim().toLowerCase() !== user.email;

  useEffect(() => {
    form.reset(valuesOf(user));
  }, [user, form]);

  const onPhoto = async (file: File | undefined) => {
    setPhotoError(null);
    if (!file) return;
    try {
      form.setValue('image', await resizeImageToDataUrl(file), { shouldDirty: true });
    } catch (error) {
      setPhotoError(error instanceof Error ? error.message : 'That image could not be read.');
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      notify.success(saved.unconfirmed_email && values.email === saved.unconfirmed_email ? `Profile saved. Check ${saved.unconfirmed_email} for the confirmation link.` : 'Profile saved.');
    } catch {
      // Shown from update.error below.
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <ServerErrors messages={update.isError ? apiErrorMessages(update.error) : null} />
      <div className="flex items-center gap-4">
        <UserAvatar image={image} name={name} email={user.email} className="h-16 w-16 text-base" />
        <div className="space-y-1.5">
          <div className="flex gap-2">
            <Button type="button" variant="secondary" size="sm" onClick={() => fileRef.current?.click()}>
              Upload photo
            </Button>
            {image ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => form.setValue('image', null, { shouldDirty: true })}>
                Remove
              </Button>
            ) : null}
          </div>
          <input
            ref={fileRef}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-label="Photo"
            className="sr-only"
            onChange={(e) => void onPhoto(e.target.files?.[0])}
          />
          <p className="text-xs text-muted">PNG, JPEG, WebP or GIF. Resized to 256 px.</p>
          {photoError || errors.image?.message ? <p className="text-xs text-danger">{photoError ?? errors.image?.message}</p> : null}
        </div>
      </div>
      <Field label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
      <Field label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      {emailChanging ? (
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="To change your sign-in email, confirm it's you. We'll email a confirmation link to the new address."
          error={errors.current_password?.message}
          {...form.register('current_password')}
        />
      ) : null}
      <PendingEmail user={user} />
      <Field label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...form.register('phone')} />
      <div className="flex items-center gap-3">
        <Button type="submit" pending={update.isPending} disabled={!isDirty}>
          Save changes
        </Button>
        {update.isSuccess && !isDirty ? (
          <span className="flex items-center gap-1.5 text-sm text-success" role="status">
            <Check className="h-4 w-4" aria-hidden /> Saved
          </span>
        ) : null}
      </div>
    </form>
  );
}

export function ProfileFormRoute() {
  const { data: user, isPending } = useUser();
  return (
    <div className="space-y-6">
      <Card className="p-6">{isPending || !user ? <Spinner label="Loading your profile" /> : <ProfileForm user={user} />}</Card>
      <PlanBillingSection />
    </div>
  );
}
