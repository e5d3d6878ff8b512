import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { apiErrorMessages } from '@shared/api';
import { passwordUpdateBodySchema } from '@shared/schemas/auth';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { notify } from '@web/lib/notify';
import { useChangePassword } from '../api/profile-queries';

type Input = z.input<typeof passwordUpdateBodySchema>;
type Output = z.output<typeof passwordUpdateBodySchema>;

export function PasswordFormRoute() {
  const change = useChangePassword();
  const form = useForm<Input, unknown, Output>({
    resolver: async (values, ctx, opts) => {
      const result = await zodResolver(passwordUpdateBodySchema)(values, ctx, opts);
      if (values.current_password) return result;
      // Changing (not resetting) a password needs the current one.
      return { values: {}, errors: { ...result.errors, current_password: { type: 'required', message: 'Current password is required' } } };
    },
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset();
      notify.success('Password changed.');
    } catch {
      // Shown from change.error below.
    }
  });

  return (
    <Card className="p-6">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <ServerErrors messages={change.isError ? apiErrorMessages(change.error) : null} />
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...form.register('current_password')}
        />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Field
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...form.register('password_confirmation')}
        />
        <Button type="submit" pending={change.isPending}>
          Change password
        </Button>
      </form>
    </Card>
  );
}
