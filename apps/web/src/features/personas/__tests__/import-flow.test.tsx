import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportJob } from '@shared/schemas/personas';
import { api } from '@web/lib/api';
import { renderRoute } from '@web/testing/render';
import { IMPORT_POLL_MS } from '../api/import';
import { PersonaRoute } from '../routes/persona';
import { persona, personasServer } from './fake-server';

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof personasServer>;

const job = (over: Partial<ImportJob>): ImportJob => ({
  id: 7,
  status: 'running',
  file_name: 'leads.csv',
  persona_id: 1,
  total: 1000,
  processed: 0,
  created: 0,
  merged: 0,
  error_count: 0,
  errors: [],
  failure: null,
  linkedin_only: 0,
  conflicts: [],
  conflict_count: 0,
  merges: [],
  created_at: '2026-03-01T10:00:00.000Z',
  finished_at: null,
  ...over,
});

/** jsdom's File has no text(): read it as a browser would. */
const textOf = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });

const csv = 'Email,Name,Company\nada@example.com,Ada Lovelace,Analytical\n';

beforeEach(() => {
  original = api.http.defaults.adapter;
  server = personasServer();
  server.db.personas = [persona(1, 'Founders')];
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function openImport() {
  const user = userEvent.setup(vi.isFakeTimers() ? { advanceTimers: vi.advanceTimersByTime } : {});
  renderRoute(PersonaRoute, { path: '/business-information/personas/:id', url: '/business-information/personas/1' });
  await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import prospects from CSV' });
  return { user, dialog };
}

describe('CSV import', () => {
  it('validates, previews, maps (editable), uploads, shows progress and the summary with row errors', async () => {
    // Fake time (still moving on its own for the page), so the end can prove the polling stopped.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const polls: ImportJob[] = [
      job({ status: 'running', processed: 400 }),
      job({
        status: 'done',
        processed: 1000,
        created: 950,
        merged: 30,
        error_count: 20,
        errors: [
          { row: 5, reason: 'Invalid email' },
          { row: 9, reason: 'Missing email and LinkedIn URL' },
        ],
        conflict_count: 1,
        conflicts: [{ row: 12, other_row: 4, prospect_id: 77, email: 'pat@example.com', reason: 'Same email as row 4 but another LinkedIn URL: not merged' }],
        linkedin_only: 1,
        merges: [
          { rows: [6, 8], prospect_id: 70, first_row: 3 },
          { rows: [10], prospect_id: 12, first_row: null },
        ],
      }),
    ];
    server.setOverride((config) => {
      switch (config.url) {
        case '/validate_upload':
          return { status: 200, data: { data: { valid: true, errors: [], encoding: 'utf-8', delimiter: ',', size: csv.length } } };
        case '/file_preview':
          return {
            status: 200,
            data: { data: { headers: ['Email', 'Name', 'Company'], rows: [['ada@example.com', 'Ada Lovelace', 'Analytical']], total_rows: 1, encoding: 'utf-8', delimiter: ',' } },
          };
        case '/generate_fields':
          return { status: 200, data: { data: { mapping: { Email: 'email', Name: 'full_name', Company: null }, fields: [], remembered: ['Name'] } } };
        case '/upload':
          return { status: 202, data: { data: { job_id: 7 } } };
        case '/import_jobs/7':
          return { status: 200, data: { data: polls.length > 1 ? polls.shift() : polls[0] } };
        default:
          return undefined;
      }
    });
    const { user, dialog } = await openImport();
    await user.upload(within(dialog).getByLabelText('CSV file'), new File([csv], 'leads.csv', { type: 'text/csv' }));

    const preview = await within(dialog).findByRole('table', { name: /First rows of leads.csv/ });
    expect(within(preview).getByRole('cell', { name: 'Ada Lovelace' })).toBeInTheDocument();
    // The file travels as multipart/form-data: its raw bytes, not base64 in JSON.
    const checked = server.calls('POST', '/validate_upload')[0]!.data as FormData;
    expect(checked).toBeInstanceOf(FormData);
    expect([...checked.keys()]).toEqual(['file']);
    const sentFile = checked.get('file') as File;
    expect(sentFile.name).toBe('leads.csv');
    expect(await textOf(sentFile)).toBe(csv);
    expect((server.calls('POST', '/file_preview')[0]!.data as FormData).get('rows')).toBe('5');
    expect(JSON.parse(String(server.calls('POST', '/generate_fields')[0]!.data))).toEqual({ headers: ['Email', 'Name', 'Company'] });
    expect(within(dialog).getByLabelText('Field for column Email')).toHaveValue('email');
    await user.selectOptions(within(dialog).getByLabelText('Field for column Company'), 'company');

    const countsBeforeImport = server.calls('POST', '/prospects_preview').length;
    await user.click(within(dialog).getByRole('button', { name: 'Start import' }));
    const uploaded = server.calls('POST', '/upload')[0]!.data as FormData;
    expect(JSON.parse(String(uploaded.get('mapping')))).toEqual({ Email: 'email', Name: 'full_name', Company: 'company' });
    expect(uploaded.get('persona_id')).toBe('1');
    expect(await textOf(uploaded.get('file') as File)).toBe(csv);
    const bar = await within(dialog).findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));

    expect(await within(dialog).findByText('950 prospects created', {}, { timeout: 15000 })).toBeInTheDocument();
    expect(within(dialog).getByText('30 rows merged')).toBeInTheDocument();
    expect(within(dialog).getByText('20 errors')).toBeInTheDocument();
    // Counts of one are singular.
    expect(within(dialog).getByText('1 conflict')).toBeInTheDocument();
    expect(within(dialog).getByText(/^1 row with a LinkedIn URL and no email was imported/)).toBeInTheDocument();
    // Conflicts name both rows; merges say which rows went into which prospect.
    const conflicts = within(dialog).getByRole('table', { name: /Not merged: the same email as another person/ });
    expect(within(conflicts).getByRole('row', { name: /^12 Row 4 pat@example\.com Same email as row 4/ })).toBeInTheDocument();
    const merges = within(dialog).getByRole('table', { name: /Merged into one prospect/ });
    expect(within(merges).getByRole('row', { name: '6, 8 The prospect of row 3' })).toBeInTheDocument();
    expect(within(merges).getByRole('row', { name: '10 Existing prospect #12' })).toBeInTheDocument();
    // The new prospects change the live count: it is asked again once the import is done.
    await waitFor(() => expect(server.calls('POST', '/prospects_preview').length).toBeGreaterThan(countsBeforeImport));
    const errors = within(dialog).getByRole('table', { name: /Rows not imported/ });
    expect(within(errors).getByRole('row', { name: '5 Invalid email' })).toBeInTheDocument();
    expect(within(errors).getByText('(first 2 of 20)', { exact: false })).toBeInTheDocument();
    // Done: the job is not asked again, however long the dialog stays open.
    const pollsMade = server.calls('GET', '/import_jobs/7').length;
    await act(() => vi.advanceTimersByTimeAsync(IMPORT_POLL_MS * 3));
    expect(server.calls('GET', '/import_jobs/7')).toHaveLength(pollsMade);
  }, 10_000);

  it('takes a dropped file and reports a failed import', async () => {
    server.setOverride((config) => {
      switch (config.url) {
        case '/validate_upload':
          return { status: 200, data: { data: { valid: true, errors: [], encoding: 'latin1', delimiter: ';', size: 10 } } };
        case '/file_preview':
          return { status: 200, data: { data: { headers: ['E-mail'], rows: [['x@y.z']], total_rows: 1, encoding: 'latin1', delimiter: ';' } } };
        case '/generate_fields':
          return { status: 200, data: { data: { mapping: { 'E-mail': null }, fields: [], remembered: [] } } };
        case '/upload':
          return { status: 202, data: { data: { job_id: 8 } } };
        case '/import_jobs/8':
          return { status: 200, data: { data: job({ id: 8, status: 'failed', failure: 'Database unavailable' }) } };
        default:
          return undefined;
      }
    });
    const { user, dialog } = await openImport();
    const zone = within(dialog).getByText('Drop a CSV file here, or').parentElement!;
    const file = new File(['E-mail\nx@y.z\n'], 'dropped.csv', { type: 'text/csv' });
    fireEvent.drop(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    const start = await within(dialog).findByRole('button', { name: 'Start import' });
    // Nothing identifies a prospect yet: the import cannot start until a column maps to Email or LinkedIn URL.
    expect(start).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Field for column E-mail'), 'email');
    await user.click(start);
    expect(await within(dialog).findByText('The import failed and nothing was imported.')).toBeInTheDocument();
    expect(within(dialog).getByText('Database unavailable')).toBeInTheDocument();
  });

  it('shows why a file cannot be imported', async () => {
    server.setOverride((config) =>
      config.url === '/validate_upload'
        ? { status: 200, data: { data: { valid: false, errors: ['The file is empty'], encoding: 'utf-8', delimiter: ',', size: 0 } } }
        : undefined,
    );
    const { user, dialog } = await openImport();
    await user.upload(within(dialog).getByLabelText('CSV file'), new File([''], 'empty.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('The file is empty')).toBeInTheDocument();
    expect(server.calls('POST', '/file_preview')).toHaveLength(0);
    expect(within(dialog).queryByRole('button', { name: 'Start import' })).not.toBeInTheDocument();
  });
});
