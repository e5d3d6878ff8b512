import { Users } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { paths } from '@web/config/paths';
import { usePersonas } from '@web/features/business-information';
import { CreatePersonaDialog } from '../components/create-persona-dialog';
import { DeletePersonaButton } from '../components/confirm-delete-dialog';
import { ExportButton } from '../components/export-button';
import { Pagination } from '../components/pagination';
import { formatDate, tdClass, thClass } from '../components/styles';

const PER_PAGE = 25;

/** /business-information/personas: the account's personas, newest first. */
export function PersonasRoute() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const personas = usePersonas({ page, per_page: PER_PAGE });
  const open = (id: number) => void navigate(paths.businessInformation.persona.getHref(id));

  let body;
  if (personas.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <Spinner className="h-4 w-4" /> Loading personas…
      </p>
    );
  } else if (personas.isError) {
    body = (
      <Alert>
        <p>Could not load your personas.</p>
        <Button type="button" size="sm" variant="secondary" onClick={() => void personas.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (personas.data.data.length === 0 && page === 1) {
    body = (
      <EmptyState icon={Users} title="No personas yet" action={<CreatePersonaDialog label="Create your first persona" onCreated={(p) => open(p.id)} />}>
        A persona describes a target audience: job titles, industries, company size and locations. Prospects matching it are
        loaded for your agents to contact.
      </EmptyState>
    );
  } else {
    const { data, meta } = personas.data;
    body = (
      <div>
        <div className="overflow-x-auto rounded-xl border border-border bg-surface">
          <table className="w-full border-collapse">
            <caption className="sr-only">Personas</caption>
            <thead className="border-b border-border">
              <tr>
                <th scope="col" className={thClass}>Name</th>
                <th scope="col" className={`${thClass} text-right`}>Prospects</th>
                <th scope="col" className={thClass}>Created</th>
                <th scope="col" className={thClass}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((persona) => (
                <tr key={persona.id} className="border-b border-border last:border-0 hover:bg-surface-2/50">
                  <td className={tdClass}>
                    <Link to={paths.businessInformation.persona.getHref(persona.id)} className="font-medium text-fg hover:text-accent hover:underline">
                      {persona.name}
                    </Link>
                    {persona.description ? <p className="line-clamp-1 text-xs text-muted">{persona.description}</p> : null}
                  </td>
                  <td className={`${tdClass} text-right tabular-nums`}>{persona.prospects_count}</td>
                  <td className={`${tdClass} whitespace-nowrap text-muted`}>
                    <time dateTime={persona.created_at}>{formatDate(persona.created_at)}</time>
                  </td>
                  <td className={`${tdClass} w-12 text-right`}>
                    <DeletePersonaButton persona={persona} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination
          label="Personas pages"
          page={page}
          perPage={meta.per_page}
          total={meta.total}
          onPage={(next) => setParams(next === 1 ? {} : { page: String(next) })}
        />
      </div>
    );
  }

  return (
    <PageFrame
      title="Personas"
      description="Who you sell to. Each persona is a target audience with its search filters; its prospects are the people the agent contacts."
      actions={
        personas.data && personas.data.data.length > 0 ? (
          <>
            <ExportButton />
            <CreatePersonaDialog onCreated={(p) => open(p.id)} />
          </>
        ) : null
      }
    >
      {body}
    </PageFrame>
  );
}
