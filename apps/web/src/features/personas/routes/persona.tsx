import * as Tabs from '@radix-ui/react-tabs';
import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { apiErrorMessages } from '@shared/api';
import { hasFeature } from '@shared/brands';
import { parsePersonFilters, type PersonFiltersInput } from '@shared/schemas/person-filters';
import type { Persona } from '@shared/schemas/personas';
import { PageFrame } from '@web/components/page-frame';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { notify } from '@web/lib/notify';
import { cn } from '@web/lib/utils';
import { useBrand } from '@web/stores/brand';
import { usePersona, useUpdatePersona } from '../api/persona';
import { PersonaProspectsExportButton } from '../components/export-button';
import { DeletePersonaButton } from '../components/confirm-delete-dialog';
import { EditPersonaDialog } from '../components/edit-persona-dialog';
import { FilterBuilder } from '../components/filters/filter-builder';
import { ImportCsvDialog } from '../components/import/import-dialog';
import { LinkedInSearches } from '../components/linkedin-searches';
import { ProspectsTable } from '../components/prospects-table';

const tabClass = cn(
  'border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted hover:text-fg',
  'data-[state=active]:border-accent data-[state=active]:text-fg focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none',
);

function initialFilters(persona: Persona): PersonFiltersInput {
  try {
    return parsePersonFilters(persona.filters ?? {});
  } catch {
    return {};
  }
}

function SavedSearch({ persona }: { persona: Persona }) {
  const update = useUpdatePersona(persona.id);
  const initial = useMemo(() => initialFilters(persona), [persona]);
  return (
    <FilterBuilder
      initial={initial}
      saving={update.isPending}
      saveError={update.isError ? update.error : null}
      onSave={(filters) =>
        update.mutateAsync({ filters }).then((saved) => {
          notify.success('Search filters saved');
          return saved;
        })
      }
    />
  );
}

/** /business-information/personas/:id — the persona: details, its saved search with the live count, its prospects, CSV import, its saved LinkedIn searches. */
export function PersonaRoute() {
  const { id } = useParams();
  const personaId = Number(id);
  const navigate = useNavigate();
  const persona = usePersona(personaId);
  const linkedin = hasFeature(useBrand(), 'linkedin');
  const back = (
    <Link to={paths.businessInformation.personas.getHref()} className="inline-flex items-center gap-1 text-sm text-muted hover:text-fg">
      <ArrowLeft className="h-4 w-4" aria-hidden /> All personas
    </Link>
  );

  if (persona.isPending) {
    return (
      <PageFrame title="Persona" description={back}>
        <p className="flex items-center gap-2 text-sm text-muted" role="status">
          <Spinner className="h-4 w-4" /> Loading persona…
        </p>
      </PageFrame>
    );
  }
  if (persona.isError) {
    return (
      <PageFrame title="Persona" description={back}>
        <Alert>
          {apiErrorMessages(persona.error).map((m) => (
            <p key={m}>{m}</p>
          ))}
          <Button type="button" size="sm" variant="secondary" onClick={() => void persona.refetch()}>
            Try again
          </Button>
        </Alert>
      </PageFrame>
    );
  }

  const p = persona.data;
  return (
    <PageFrame
      title={p.name}
      description={
        <span className="block space-y-1">
          {back}
          {p.description ? <span className="block">{p.description}</span> : null}
        </span>
      }
      actions={
        <>
          <ImportCsvDialog personaId={p.id} personaName={p.name} />
          <PersonaProspectsExportButton personaId={p.id} personaName={p.name} />
          <EditPersonaDialog persona={p} />
          <DeletePersonaButton persona={p} withText onDeleted={() => void navigate(paths.businessInformation.personas.getHref(), { replace: true })} />
        </>
      }
    >
      <Tabs.Root defaultValue="filters">
        <Tabs.List aria-label="Persona sections" className="mb-4 flex gap-2 border-b border-border">
          <Tabs.Trigger value="filters" className={tabClass}>
            Search filters
          </Tabs.Trigger>
          <Tabs.Trigger value="prospects" className={tabClass}>
            Prospects ({p.prospects_count})
          </Tabs.Trigger>
          {linkedin ? (
            <Tabs.Trigger value="linkedin-searches" className={tabClass}>
              LinkedIn searches
            </Tabs.Trigger>
          ) : null}
        </Tabs.List>
        <Tabs.Content value="filters" className="focus-visible:outline-none">
          {/* Remounts only when the saved search itself changes (not on an import or a rename). */}
          <SavedSearch key={JSON.stringify(p.filters ?? {})} persona={p} />
        </Tabs.Content>
        <Tabs.Content value="prospects" className="focus-visible:outline-none">
          <ProspectsTable personaId={p.id} emptyAction={<ImportCsvDialog personaId={p.id} personaName={p.name} />} />
        </Tabs.Content>
        {linkedin ? (
          <Tabs.Content value="linkedin-searches" className="focus-visible:outline-none">
            <LinkedInSearches personaId={p.id} />
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
    </PageFrame>
  );
}
