import { Plus } from 'lucide-react';
import { useState } from 'react';
import { NOTIFICATION_PROVIDER_LABELS, type CampaignNotification } from '@shared/schemas/notifications';
import { PageFrame } from '@web/components/page-frame';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { useRules } from '../api/rules';
import { AddRuleForm } from '../components/add-rule-form';
import { NotificationHistory } from '../components/notification-history';
import { RuleCard } from '../components/rule-card';
import { LoadError } from '@web/components/ui/load-error';

const PROVIDER_TEXT: Record<CampaignNotification['provider'], string> = {
  in_app: 'A toast while you work, and the history below.',
  email: 'An email to an address, or to everyone on your account.',
  webhook: 'A POST in Slack’s incoming-webhook format, to Slack or any tool that accepts it.',
};

function ProviderSection({ provider, rules }: { provider: CampaignNotification['provider']; rules: CampaignNotification[] }) {
  const [adding, setAdding] = useState(false);
  const headingId = `provider-${provider}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-fg">
            {NOTIFICATION_PROVIDER_LABELS[provider]}
          </h2>
          <p className="text-sm text-muted">{PROVIDER_TEXT[provider]}</p>
        </div>
        {provider !== 'in_app' && !adding ? (
          <Button type="button" size="sm" variant="secondary" onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden /> {provider === 'webhook' ? 'Add webhook' : 'Add email'}
          </Button>
        ) : null}
      </div>
      {adding && provider !== 'in_app' ? <AddRuleForm provider={provider} onDone={() => setAdding(false)} /> : null}
      {rules.length === 0 && !adding ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted">
          {provider === 'webhook' ? 'No webhooks yet. Add one to post events to Slack or another tool.' : 'No email rules: nothing is sent by email.'}
        </p>
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          {rules.map((rule) => (
            <RuleCard key={rule.id} rule={rule} />
          ))}
        </div>
      )}
    </section>
  );
}

/** /cabinet/notifications: the account's notification rules per provider, and the in-app history. */
export function NotificationsRoute() {
  const rules = useRules();
  return (
    <PageFrame title="Notifications" description="Choose which events reach you, and how: in the app, by email, or to Slack through a webhook.">
      {rules.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading notification settings" />
        </div>
      ) : rules.isError ? (
        <LoadError what="your notification settings" error={rules.error} onRetry={() => rules.refetch()} />
      ) : (
        (['in_app', 'email', 'webhook'] as const).map((provider) => (
          <ProviderSection key={provider} provider={provider} rules={rules.data.filter((r) => r.provider === provider)} />
        ))
      )}
      <NotificationHistory />
    </PageFrame>
  );
}
