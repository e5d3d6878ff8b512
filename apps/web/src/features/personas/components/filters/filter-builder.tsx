import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  FUNDING_STAGES,
  fundingStageLabel,
  serializePersonFilters,
  type EmployeesNumber,
  type FilterEntity,
  type ManagementLevel,
  type PersonFiltersInput,
  type PersonFiltersWire,
  type RangeFilterName,
} from '@shared/schemas/person-filters';
import { apiErrorMessages } from '@shared/api';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { useSearchMetadata } from '../../api/search-metadata';
import { selectClass } from '@web/components/ui/styles';
import { bucketFromValue, digitsOnly, EMPLOYEE_BUCKETS, humanize, MANAGEMENT_LEVELS } from './constants';
import { LiveCount } from './live-count';
import { RangeInput } from './range-input';
import { Typeahead } from './typeahead';
import type { FilterOption, FilterOptionsSource } from '../../api/filter-info';

type EntityKey = 'companies' | 'job_titles' | 'person_not_titles' | 'technologies' | 'industries' | 'not_industries' | 'intent_topics' | 'not_intent_topics';
type ListKey =
  | 'keywords'
  | 'not_keywords'
  | 'departments'
  | 'company_domains'
  | 'person_not_locations'
  | 'organization_locations'
  | 'organization_not_locations'
  | 'person_countries'
  | 'person_subregions'
  | 'person_regions'
  | 'person_location_names';
type CodeKey = 'company_sic_codes' | 'company_naics_codes';

/** The wire form, or null with the first problem when the schema refuses the model. */
export function toWire(filters: PersonFiltersInput): { wire: PersonFiltersWire; error: null } | { wire: null; error: string } {
  try {
    return { wire: serializePersonFilters(filters), error: null };
  } catch (error) {
    const issue = (error as { issues?: { message: string; path: PropertyKey[] }[] }).issues?.[0];
    return { wire: null, error: issue ? `${issue.path.map(String).join('.')}: ${issue.message}` : 'Invalid filters' };
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-xl border border-border bg-surface p-4">
      <h2 id={id} className="text-base font-semibold text-fg">
        {title}
      </h2>
      {children}
    </section>
  );
}

const Pair = ({ children }: { children: ReactNode }) => <div className="grid gap-4 md:grid-cols-2">{children}</div>;

/** The standard buckets plus any saved or seen in the account's data (e.g. "11,50"), by lower bound. */
function mergeBuckets(saved: EmployeesNumber[], seen: string[]): EmployeesNumber[] {
  const out = [...EMPLOYEE_BUCKETS];
  for (const b of [...saved, ...seen.map(bucketFromValue)]) if (b && !out.some((o) => o.value === b.value)) out.push(b);
  return out.sort((a, b) => Number(a.value.split(',')[0]) - Number(b.value.split(',')[0]) || a.value.length - b.value.length);
}

/** The standard levels plus any saved or seen in the account's data. */
function mergeLevels(saved: ManagementLevel[], seen: string[]): ManagementLevel[] {
  const out = [...MANAGEMENT_LEVELS];
  const extra = [...saved, ...seen.map((value) => ({ display_name: humanize(value), value }))];
  for (const l of extra) if (!out.some((o) => o.value.toLowerCase() === l.value.toLowerCase())) out.push(l);
  return out;
}

const src = (filter: FilterOptionsSource['filter']): FilterOptionsSource => ({ filter });
const toEntity = (o: FilterOption): FilterEntity => ({ id: o.id, name: o.name, uid: o.uid });

/**
 * The persona's saved search (spec §3 person-search filters): typeahead pickers, include/exclude
 * pairs, codes, ranges, buckets; a live count of matching prospects; Save sends the wire form.
 */
export function FilterBuilder({
  initial,
  onSave,
  saving,
  saveError,
  mode = 'save',
}: {
  initial: PersonFiltersInput;
  /** 'save': a persona's saved search (Save when changed); 'apply': narrows a list (Apply at any time). */
  mode?: 'save' | 'apply';
  /** Resolves when saved (then the builder counts as saved); rejects to keep it dirty. */
  onSave: (wire: PersonFiltersWire) => Promise<unknown>;
  saving?: boolean;
  saveError?: unknown;
}) {
  const [filters, setFilters] = useState<PersonFiltersInput>(initial);
  const [savedKey, setSavedKey] = useState(() => JSON.stringify(toWire(initial).wire));
  const metadata = useSearchMetadata();
  const result = useMemo(() => toWire(filters), [filters]);
  const dirty = JSON.stringify(result.wire) !== savedKey;

  const set = <K extends keyof PersonFiltersInput>(key: K, value: PersonFiltersInput[K]) => setFilters((f) => ({ ...f, [key]: value }));

  const entityPicker = (key: EntityKey, label: string, source: FilterOptionsSource, tone: 'include' | 'exclude' = 'include') => {
    const list = filters[key] ?? [];
    return (
      <Typeahead
        label={label}
        source={source}
        tone={tone}
        selected={list.map((e) => e.name)}
        onPick={(o) => {
          if (list.some((e) => e.name.toLowerCase() === o.name.toLowerCase())) return;
          set(key, [...list, toEntity(o)]);
        }}
        onRemove={(i) => set(key, list.filter((_, j) => j !== i))}
      />
    );
  };

  const listPicker = (key: ListKey, label: string, source: FilterOptionsSource | null, tone: 'include' | 'exclude' = 'include', hint?: string) => {
    const list = filters[key] ?? [];
    return (
      <Typeahead
        label={label}
        source={source}
        tone={tone}
        hint={hint}
        selected={list}
        onPick={(o) => {
          if (list.some((s) => s.toLowerCase() === o.name.toLowerCase())) return;
          set(key, [...list, o.name]);
        }}
        onRemove={(i) => set(key, list.filter((_, j) => j !== i))}
      />
    );
  };

  const codePicker = (key: CodeKey, label: string, source: FilterOptionsSource) => {
    const list = (filters[key] ?? []).map(String);
    return (
      <Typeahead
        label={label}
        source={source}
        normalize={digitsOnly}
        hint="Digits only; anything else is removed."
        placeholder="e.g. 7372"
        selected={list}
        onPick={(o) => {
          const code = digitsOnly(o.name);
          if (code === '' || list.includes(code)) return;
          set(key, [...list, code]);
        }}
        onRemove={(i) => set(key, list.filter((_, j) => j !== i))}
      />
    );
  };

  const range = (key: RangeFilterName, label: string, unit?: string) => (
    <RangeInput label={label} unit={unit} value={filters[key]} onChange={(r) => set(key, r)} />
  );

  const facetCount = (facet: string, value: string) =>
    metadata.data?.facets[facet as keyof typeof metadata.data.facets]?.find((f) => f.value.toLowerCase() === value.toLowerCase())?.count;

  const employees = filters.employees_numbers ?? [];
  const levels = filters.management_level ?? [];
  const bucketOptions = mergeBuckets(employees, metadata.data?.facets.employees_numbers?.map((f) => f.value) ?? []);
  const levelOptions = mergeLevels(levels, metadata.data?.facets.management_level?.map((f) => f.value) ?? []);
  const jobChangeId = useId();
  const fundingId = useId();

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <form
        aria-label="Search filters"
        noValidate
        className="space-y-6"
        onSubmit={(e) => {
          e.preventDefault();
          const wire = result.wire;
          if (!wire) return;
          onSave(wire).then(
            () => setSavedKey(JSON.stringify(wire)),
            () => undefined,
          );
        }}
      >
        <Section title="People">
          <Pair>
            {entityPicker('job_titles', 'Job titles', src('job_titles'))}
            {entityPicker('person_not_titles', 'Excluded titles', src('job_titles'), 'exclude')}
          </Pair>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-fg">Management level</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {levelOptions.map((level) => {
                const checked = levels.some((l) => l.value === level.value);
                const count = facetCount('management_level', level.value);
                return (
                  <label key={level.value} className="inline-flex items-center gap-1.5 text-sm text-fg">
                    <input
                      type="checkbox"
                      className="accent-[var(--accent)]"
                      checked={checked}
                      onChange={() =>
                        set(
                          'management_level',
                          checked ? levels.filter((l) => l.value !== level.value) : [...levels, { ...level, count: count ?? null }],
                        )
                      }
                    />
                    {level.display_name}
                    {typeof count === 'number' ? <span className="text-xs text-muted">({count})</span> : null}
                  </label>
                );
              })}
            </div>
          </fieldset>
          <Pair>
            {listPicker('departments', 'Departments', src('departments'))}
            <div className="space-y-1.5">
              <label htmlFor={jobChangeId} className="text-sm font-medium text-fg">
                Changed jobs within (days)
              </label>
              <Input
                id={jobChangeId}
                type="number"
                min={0}
                inputMode="numeric"
                placeholder="e.g. 90"
                value={filters.job_change_range_days ?? ''}
                onChange={(e) => {
                  const n = e.target.value === '' ? null : Math.trunc(Number(e.target.value));
                  set('job_change_range_days', n === null || !Number.isFinite(n) || n < 0 ? null : n);
                }}
              />
            </div>
          </Pair>
        </Section>

        <Section title="Where they are">
          <Pair>
            {listPicker('person_location_names', 'Locations', src('locations'))}
            {listPicker('person_not_locations', 'Excluded locations', src('locations'), 'exclude')}
          </Pair>
          <div className="grid gap-4 md:grid-cols-3">
            {listPicker('person_countries', 'Countries', src('person_countries'))}
            {listPicker('person_regions', 'Regions', src('person_regions'))}
            {listPicker('person_subregions', 'Subregions', src('person_subregions'))}
          </div>
        </Section>

        <Section title="Company">
          <Pair>
            {entityPicker('companies', 'Companies', src('companies'))}
            {listPicker('company_domains', 'Company domains', src('company_domains'), 'include', 'e.g. acme.com')}
          </Pair>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-fg">Number of employees</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {bucketOptions.map((bucket) => {
                const checked = employees.some((b) => b.value === bucket.value);
                return (
                  <label key={bucket.value} className="inline-flex items-center gap-1.5 text-sm text-fg">
                    <input
                      type="checkbox"
                      className="accent-[var(--accent)]"
                      checked={checked}
                      onChange={() =>
                        set('employees_numbers', checked ? employees.filter((b) => b.value !== bucket.value) : [...employees, bucket])
                      }
                    />
                    {bucket.name}
                  </label>
                );
              })}
            </div>
          </fieldset>
          <Pair>
            {entityPicker('industries', 'Industries', src('industries'))}
            {entityPicker('not_industries', 'Excluded industries', src('industries'), 'exclude')}
          </Pair>
          <Pair>
            {codePicker('company_sic_codes', 'SIC codes', src('company_sic_codes'))}
            {codePicker('company_naics_codes', 'NAICS codes', src('company_naics_codes'))}
          </Pair>
          {entityPicker('technologies', 'Technologies', src('technologies'))}
          <Pair>
            {listPicker('organization_locations', 'Company locations', src('organization_locations'))}
            {listPicker('organization_not_locations', 'Excluded company locations', src('organization_locations'), 'exclude')}
          </Pair>
          <div className="space-y-1.5">
            <label htmlFor={fundingId} className="text-sm font-medium text-fg">
              Latest funding stage
            </label>
            <select
              id={fundingId}
              className={selectClass}
              value={filters.organization_latest_funding_stage?.value ?? ''}
              onChange={(e) => set('organization_latest_funding_stage', e.target.value ? { value: e.target.value } : null)}
            >
              <option value="">Any</option>
              {FUNDING_STAGES.map((stage) => (
                <option key={stage} value={stage}>
                  {fundingStageLabel(stage)}
                </option>
              ))}
            </select>
          </div>
          <Pair>
            {range('revenue_range', 'Annual revenue', 'USD')}
            {range('organization_founded_year_range', 'Founded year')}
            {range('organization_retail_location_count_range', 'Retail locations')}
            {range('organization_job_posted_at_range', 'Job posted', 'days ago')}
          </Pair>
        </Section>

        <Section title="Keywords and intent">
          <Pair>
            {listPicker('keywords', 'Keywords', src('keywords'))}
            {listPicker('not_keywords', 'Excluded keywords', src('keywords'), 'exclude')}
          </Pair>
          <Pair>
            {entityPicker('intent_topics', 'Intent topics', src('intent_topics'))}
            {entityPicker('not_intent_topics', 'Excluded intent topics', src('intent_topics'), 'exclude')}
          </Pair>
        </Section>

        {result.error ? <p className="text-sm text-danger" role="alert">{result.error}</p> : null}
        <ServerErrors messages={saveError ? apiErrorMessages(saveError) : null} />
        <div className="sticky bottom-0 flex items-center justify-end gap-3 border-t border-border bg-bg/90 py-3 backdrop-blur">
          {mode === 'save' ? (
            <span className="text-sm text-muted" aria-live="polite">
              {dirty ? 'Unsaved changes' : 'All changes saved'}
            </span>
          ) : null}
          <Button type="button" variant="ghost" onClick={() => setFilters({})}>
            Clear all
          </Button>
          <Button type="submit" pending={saving} disabled={!result.wire || (mode === 'save' && !dirty)}>
            {mode === 'save' ? 'Save filters' : 'Apply filters'}
          </Button>
        </div>
      </form>
      <aside className="lg:sticky lg:top-4 lg:self-start">
        <LiveCount filters={result.wire} />
      </aside>
    </div>
  );
}
