import { Building2 } from 'lucide-react';
import type { AwareCompanies } from '@shared/schemas/dashboard';
import { formatNumber } from './format';

/** The companies reached so far, most touches first. */
export function AwareCompaniesList({ data }: { data: AwareCompanies }) {
  if (data.companies.length === 0) {
    return <p className="py-6 text-center text-sm text-muted">No company has heard from you yet. Companies appear here after the first touch.</p>;
  }
  return (
    <>
      <p className="text-sm text-muted">
        <span className="font-semibold text-fg" data-testid="companies-reached">
          {formatNumber(data.total_companies)}
        </span>{' '}
        {data.total_companies === 1 ? 'company' : 'companies'} reached so far
      </p>
      <ol className="mt-3 divide-y divide-border">
        {data.companies.map((c) => (
          <li key={c.company} className="flex items-center gap-3 py-2.5">
            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md bg-surface-2 text-muted">
              <Building2 className="h-4 w-4" aria-hidden />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-fg">{c.company}</span>
              <span className="block text-xs text-muted">
                {c.prospects} {c.prospects === 1 ? 'person' : 'people'} · {c.email} email · {c.linkedin} LinkedIn · {c.phone} phone
              </span>
            </span>
            <span className="text-right text-xs text-muted">
              <span className="block text-sm font-semibold text-fg">{formatNumber(c.touches)}</span>
              touches
              {c.replies > 0 ? <span className="block text-success">{c.replies} replied</span> : null}
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}
