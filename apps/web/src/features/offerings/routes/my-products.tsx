import { Package, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { CLAIM_KIND_LABELS } from '@shared/schemas/claims';
import type { Offering } from '@shared/schemas/messaging';
import { formatPrice, useDeleteOffering, useOfferings, usePersonas } from '@web/features/messaging';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { ProductForm } from '../components/product-form';

const isUrl = (s: string) => /^https?:\/\//i.test(s);

function ProductCard({ offering, personaNames }: { offering: Offering; personaNames: Map<number, string> }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteOffering();
  if (editing) {
    return (
      <Card className="p-4">
        <ProductForm offering={offering} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
      </Card>
    );
  }
  const price = formatPrice(offering);
  const fits = offering.persona_ids.map((id) => personaNames.get(id)).filter(Boolean);
  return (
    <Card className="space-y-3 p-4" role="group" aria-label={offering.name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-medium text-fg">{offering.name}</h2>
          {price ? <p className="text-xs text-muted">{price}</p> : null}
          {offering.pricing_notes ? <p className="text-xs text-muted">{offering.pricing_notes}</p> : null}
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
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs font-medium text-muted uppercase">Fits</dt>
          <dd className="text-fg">{fits.length ? fits.join(', ') : 'No persona chosen'}</dd>
        </div>
        {offering.not_for ? (
          <div>
            <dt className="text-xs font-medium text-muted uppercase">Not for</dt>
            <dd className="whitespace-pre-line text-fg">{offering.not_for}</dd>
          </div>
        ) : null}
        {offering.proof ? (
          <div className="sm:col-span-2">
            <dt className="text-xs font-medium text-muted uppercase">Proof</dt>
            <dd className="whitespace-pre-line text-fg">{offering.proof}</dd>
          </div>
        ) : null}
      </dl>
      <div>
        <h3 className="text-xs font-medium text-muted uppercase">Approved claims</h3>
        {offering.claims.length === 0 ? (
          <p className="text-sm text-muted">None yet: the agent will state no figures, customers or prices for it until you approve some.</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm">
            {offering.claims.map((c, i) => (
              <li key={i} className="text-fg">
                <span className="mr-2 rounded bg-accent/15 px-1.5 py-0.5 text-xs text-accent">{CLAIM_KIND_LABELS[c.kind]}</span>
                {c.text}{' '}
                <span className="text-xs text-muted">
                  — source:{' '}
                  {isUrl(c.source) ? (
                    <a href={c.source} target="_blank" rel="noopener noreferrer" className="text-accent hover:underline">
                      {c.source}
                    </a>
                  ) : (
                    c.source
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${offering.name}?`}
        description="Messages and messaging settings that use it will no longer mention it."
        confirmLabel="Delete product"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(offering.id, { onSuccess: () => setConfirming(false) })}
      />
    </Card>
  );
}

/** /cabinet/my-products: the products the agent may speak of (the account's offerings), with their approved claims. */
export function MyProductsRoute() {
  const offerings = useOfferings();
  const personas = usePersonas({ page: 1, per_page: 100 });
  const [adding, setAdding] = useState(false);
  const personaNames = new Map((personas.data?.data ?? []).map((p) => [p.id, p.name] as const));
  const list = offerings.data ?? [];
  return (
    <PageFrame
      title="My products"
      description="What you sell: the offerings your agents pitch, who they fit, and the claims the agent may make about them."
      actions={
        !adding && list.length > 0 ? (
          <Button type="button" onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden /> New product
          </Button>
        ) : null
      }
    >
      {offerings.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="h-4 w-4" /> Loading your products…
        </p>
      ) : offerings.isError ? (
        <LoadError what="your products" error={offerings.error} onRetry={() => offerings.refetch()} />
      ) : (
        <div className="space-y-4">
          {adding ? (
            <Card className="p-4">
              <ProductForm onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
            </Card>
          ) : null}
          {list.length === 0 && !adding ? (
            <EmptyState
              icon={Package}
              title="No products yet"
              action={
                <Button type="button" onClick={() => setAdding(true)}>
                  <Plus className="h-4 w-4" aria-hidden /> Add a product
                </Button>
              }
            >
              Add a product or service with the claims the agent may make about it, and the agent matches it to the right personas in its messages.
            </EmptyState>
          ) : null}
          {list.map((o) => (
            <ProductCard key={o.id} offering={o} personaNames={personaNames} />
          ))}
        </div>
      )}
    </PageFrame>
  );
}
