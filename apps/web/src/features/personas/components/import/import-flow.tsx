import { CheckCircle2, FileUp, Upload } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { apiErrorMessages } from '@shared/api';
import { IMPORT_FIELDS, type ImportJob, type ImportMapping } from '@shared/schemas/personas';
import { Alert, ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';
import { useImportStatus, usePrepareImport, useStartImport, type PreparedFile } from '../../api/import';
import { selectClass, tdClass, thClass } from '@web/components/ui/styles';
import { humanize } from '../filters/constants';
import { counted } from '@web/lib/counted';

const nf = new Intl.NumberFormat('en-US');

function FilePicker({ onFile, busy }: { onFile: (file: File) => void; busy: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center',
        over ? 'border-accent bg-accent/10' : 'border-border bg-surface-2/40',
      )}
    >
      <FileUp className="h-8 w-8 text-muted" aria-hidden />
      <p className="text-sm text-fg">Drop a CSV file here, or</p>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        aria-label="CSV file"
        className="sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
      <Button type="button" variant="secondary" pending={busy} onClick={() => input.current?.click()}>
        Choose file
      </Button>
      <p className="text-xs text-muted">Comma, semicolon or tab separated; UTF-8 or Latin-1; up to 20 MB. The first row holds the column names.</p>
    </div>
  );
}

function PreviewTable({ prepared }: { prepared: PreparedFile }) {
  const preview = prepared.preview!;
  return (
    <div className="relative overflow-x-auto rounded-lg border border-border">
      <table className="w-full border-collapse">
        <caption className="px-3 py-2 text-left text-xs text-muted">
          First rows of {prepared.file.name} ({nf.format(preview.total_rows)} rows)
        </caption>
        <thead className="border-b border-border">
          <tr>
            {preview.headers.map((h, i) => (
              <th key={`${h}-${i}`} scope="col" className={thClass}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row, r) => (
            <tr key={r} className="border-b border-border last:border-0">
              {preview.headers.map((_, c) => (
                <td key={c} className={cn(tdClass, 'max-w-48 truncate text-muted')}>
                  {row[c] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MappingEditor({
  headers,
  mapping,
  remembered,
  onChange,
}: {
  headers: string[];
  mapping: ImportMapping;
  remembered: string[];
  onChange: (m: ImportMapping) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-fg">Column mapping</legend>
      <p className="text-xs text-muted">Matched from the column names; change any column, or leave it out.</p>
      <div className="grid gap-2 sm:grid-cols-2">
        {headers.map((header) => (
          <label key={header} className="flex items-center gap-2 text-sm">
            <span className="w-1/2 truncate text-fg" title={header}>
              {header}
              {remembered.includes(header) ? <span className="ml-1 text-xs text-muted">(remembered)</span> : null}
            </span>
            <select
              aria-label={`Field for column ${header}`}
              className={cn(selectClass, 'h-9 w-1/2')}
              value={mapping[header] ?? ''}
              onChange={(e) => onChange({ ...mapping, [header]: e.target.value ? (e.target.value as ImportMapping[string]) : null })}
            >
              <option value="">Don’t import</option>
              {IMPORT_FIELDS.map((f) => (
                <option key={f} value={f}>
                  {humanize(f)}
                </option>
              ))}
            </select>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A determinate bar (0–100 %) with its accessible name. */
function ProgressBar({ label, percent, className }: { label: string; percent: number; className: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
      className={cn('overflow-hidden rounded-full bg-surface-2', className)}
    >
      <div className="h-full bg-accent transition-[width] duration-300" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** While the file travels to the server (a big file on a slow line takes a while). */
function UploadProgress({ fileName, sent }: { fileName: string; sent: number }) {
  const percent = Math.round(sent * 100);
  return (
    <div className="space-y-1">
      <p className="text-sm text-muted">
        {percent < 100 ? `Uploading ${fileName}… ${percent}%` : `Uploaded ${fileName}; starting the import…`}
      </p>
      <ProgressBar label="Upload progress" percent={percent} className="h-1.5" />
    </div>
  );
}

function Progress({ job }: { job: ImportJob | undefined }) {
  const total = job?.total ?? 0;
  const processed = job?.processed ?? 0;
  const percent = total > 0 ? Math.round((processed / total) * 100) : 0;
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between text-sm">
        <span className="flex items-center gap-2 text-fg">
          <Spinner className="h-4 w-4" /> {job?.status === 'queued' || !job ? 'Waiting to start…' : 'Importing…'}
        </span>
        <span className="tabular-nums text-muted">
          {nf.format(processed)} / {nf.format(total)}
        </span>
      </div>
      <ProgressBar label="Import progress" percent={percent} className="h-2" />
    </div>
  );
}

/** "1 error", "2 errors": counts in the summary read as a person would write them. */

function RowTable({ label, shown, total, head, rows }: { label: string; shown: number; total: number; head: string[]; rows: Array<{ key: string; cells: Array<string | number> }> }) {
  return (
    <div className="max-h-72 overflow-x-auto overflow-y-auto rounded-lg border border-border">
      <table className="w-full border-collapse">
        <caption className="px-3 py-2 text-left text-xs text-muted">
          {label}
          {shown < total ? ` (first ${shown} of ${total})` : ''}
        </caption>
        <thead className="border-b border-border">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className={thClass}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-border last:border-0">
              {r.cells.map((c, i) => (
                <td key={i} className={cn(tdClass, typeof c === 'number' && 'tabular-nums')}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Summary({ job }: { job: ImportJob }) {
  const mergedRows = job.merges.reduce((n, m) => n + m.rows.length, 0);
  return (
    <div className="space-y-4">
      <Alert tone="success">
        <p className="font-medium">Import finished: {job.file_name}</p>
        {job.linkedin_only > 0 ? <p>{`${counted(job.linkedin_only, 'row')} with a LinkedIn URL and no email ${job.linkedin_only === 1 ? 'was' : 'were'} imported (LinkedIn and call steps need no email).`}</p> : null}
      </Alert>
      <ul aria-label="Import result" className="grid grid-cols-2 gap-3 text-center sm:grid-cols-4">
        <li className="rounded-lg border border-border bg-surface-2 p-3">
          <CheckCircle2 className="mx-auto mb-1 h-4 w-4 text-success" aria-hidden />
          <span className="text-sm font-medium">{`${counted(job.created, 'prospect')} created`}</span>
        </li>
        <li className="rounded-lg border border-border bg-surface-2 p-3">
          <span className="text-sm font-medium">{`${counted(job.merged, 'row')} merged`}</span>
        </li>
        <li className="rounded-lg border border-border bg-surface-2 p-3">
          <span className={cn('text-sm font-medium', job.conflict_count > 0 && 'text-danger')}>{counted(job.conflict_count, 'conflict')}</span>
        </li>
        <li className="rounded-lg border border-border bg-surface-2 p-3">
          <span className={cn('text-sm font-medium', job.error_count > 0 && 'text-danger')}>{counted(job.error_count, 'error')}</span>
        </li>
      </ul>
      {job.conflicts.length > 0 ? (
        <RowTable
          label="Not merged: the same email as another person (another LinkedIn URL)"
          shown={job.conflicts.length}
          total={job.conflict_count}
          head={['Row', 'Same email as', 'Email', 'Reason']}
          rows={job.conflicts.map((c, i) => ({
            key: `c-${c.row}-${i}`,
            cells: [c.row, c.other_row !== null ? `Row ${c.other_row}` : c.prospect_id !== null ? `Existing prospect #${c.prospect_id}` : '—', c.email, c.reason],
          }))}
        />
      ) : null}
      {job.merges.length > 0 ? (
        <RowTable
          label="Merged into one prospect"
          shown={mergedRows}
          total={job.merged}
          head={['Rows', 'Into']}
          rows={job.merges.map((m, i) => ({
            key: `m-${m.prospect_id ?? i}`,
            cells: [m.rows.join(', '), m.first_row !== null ? `The prospect of row ${m.first_row}` : `Existing prospect #${m.prospect_id}`],
          }))}
        />
      ) : null}
      {job.errors.length > 0 ? (
        <RowTable
          label="Rows not imported"
          shown={job.errors.length}
          total={job.error_count}
          head={['Row', 'Reason']}
          rows={job.errors.map((e, i) => ({ key: `e-${e.row}-${i}`, cells: [e.row, e.reason] }))}
        />
      ) : null}
    </div>
  );
}

const hasIdentity = (mapping: ImportMapping) => Object.values(mapping).some((f) => f === 'email' || f === 'linkedin_url');

/**
 * CSV import: choose (drop or button) → validate_upload → file_preview + generate_fields (editable
 * mapping) → upload → progress (import status every second) → "N prospects created, M rows merged, C conflicts, K errors" (conflicts, merges and errors listed by row).
 */
export function ImportFlow({ personaId, onClose }: { personaId: number | null; onClose?: () => void }) {
  const prepare = usePrepareImport();
  const start = useStartImport();
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [jobId, setJobId] = useState<number | null>(null);
  const status = useImportStatus(jobId, personaId);
  const prepared = prepare.data;

  const choose = (file: File) => {
    start.reset();
    prepare.mutate(file, { onSuccess: (p) => setMapping(p.fields?.mapping ?? {}) });
  };

  const reset = () => {
    prepare.reset();
    start.reset();
    setJobId(null);
    setMapping({});
  };

  if (jobId !== null) {
    const job = status.data;
    if (job?.status === 'done') {
      return (
        <div className="space-y-4">
          <Summary job={job} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={reset}>
              Import another file
            </Button>
            {onClose ? (
              <Button type="button" onClick={onClose}>
                Done
              </Button>
            ) : null}
          </div>
        </div>
      );
    }
    if (job?.status === 'failed') {
      return (
        <div className="space-y-4">
          <Alert>
            {/* The server's reason may already say it ("The server stopped during the import; nothing was imported."). */}
            {job.failure?.includes('nothing was imported') ? null : <p>The import failed and nothing was imported.</p>}
            {job.failure ? <p>{job.failure}</p> : null}
          </Alert>
          <Button type="button" variant="secondary" onClick={reset}>
            Try another file
          </Button>
        </div>
      );
    }
    return (
      <div className="space-y-3">
        <Progress job={job} />
        {status.isError ? <ServerErrors messages={apiErrorMessages(status.error)} /> : null}
      </div>
    );
  }

  if (prepared?.preview && prepared.fields) {
    const headers = prepared.preview.headers;
    const ok = hasIdentity(mapping);
    return (
      <div className="space-y-4">
        <PreviewTable prepared={prepared} />
        <MappingEditor headers={headers} mapping={mapping} remembered={prepared.fields.remembered} onChange={setMapping} />
        {!ok ? <p className="text-sm text-warning">Map a column to Email or LinkedIn URL: every prospect needs one of them.</p> : null}
        <ServerErrors messages={start.isError ? apiErrorMessages(start.error) : null} />
        {start.isPending ? <UploadProgress fileName={prepared.file.name} sent={start.sent} /> : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={reset}>
            Choose another file
          </Button>
          <Button
            type="button"
            disabled={!ok}
            pending={start.isPending}
            onClick={() =>
              start.mutate(
                { file: prepared.file, mapping, persona_id: personaId },
                { onSuccess: (r) => setJobId(r.job_id) },
              )
            }
          >
            <Upload className="h-4 w-4" aria-hidden />
            Start import
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <FilePicker onFile={choose} busy={prepare.isPending} />
      {prepare.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="h-4 w-4" /> Checking the file…
        </p>
      ) : null}
      {prepared && !prepared.validation.valid ? (
        <Alert>
          <p className="font-medium">{prepared.file.name} cannot be imported:</p>
          {prepared.validation.errors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </Alert>
      ) : null}
      <ServerErrors messages={prepare.isError ? apiErrorMessages(prepare.error) : null} />
    </div>
  );
}
