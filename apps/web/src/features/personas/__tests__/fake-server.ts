import type { InternalAxiosRequestConfig } from 'axios';
import type { ImportJob, Persona, Prospect, ProspectsPreview } from '@shared/schemas/personas';
import { fakeAdapter, type FakeReply } from '@web/testing/fake-adapter';

export const now = '2026-03-01T10:00:00.000Z';

export const persona = (id: number, name: string, extra: Partial<Persona> = {}): Persona => ({
  id,
  name,
  description: null,
  prospects_count: 0,
  filters: {},
  created_at: now,
  updated_at: now,
  ...extra,
});

export const prospect = (id: number, name: string, company: string): Prospect => ({
  id,
  linkedin_url: null,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  full_name: name,
  first_name: null,
  last_name: null,
  headline: null,
  title: 'VP Sales',
  company,
  location: null,
  photo_url: null,
  source: 'import',
  persona_ids: [1],
  created_at: now,
  updated_at: now,
});

type Handler = (config: InternalAxiosRequestConfig, body: Record<string, unknown>) => FakeReply | undefined | Promise<FakeReply | undefined>;

/** An in-memory persons API behind the fake axios adapter; `override` answers first when it returns a reply. */
export function personasServer() {
  const db = {
    personas: [] as Persona[],
    prospects: [] as Prospect[],
    preview: (_filters: unknown): ProspectsPreview => ({ count: 42, sample: [] }),
    jobs: [] as ImportJob[],
    failList: false,
  };
  let override: Handler | null = null;
  const handler = async (config: InternalAxiosRequestConfig): Promise<FakeReply> => {
    const url = config.url ?? '';
    const method = config.method?.toUpperCase();
    // A multipart body (file uploads) is read as its text fields; JSON bodies are parsed.
    const body =
      config.data instanceof FormData
        ? Object.fromEntries([...config.data].filter(([, v]) => typeof v === 'string'))
        : config.data
          ? (JSON.parse(String(config.data)) as Record<string, unknown>)
          : {};
    const custom = override ? await override(config, body) : undefined;
    if (custom) return custom;
    if (url === '/persons' && method === 'GET') {
      if (db.failList) return { status: 500, data: { errors: ['Boom'] } };
      const params = (config.params ?? {}) as { page?: number; per_page?: number };
      return { status: 200, data: { data: db.personas, meta: { page: params.page ?? 1, per_page: params.per_page ?? 25, total: db.personas.length } } };
    }
    if (url === '/persons' && method === 'POST') {
      const p = persona(100 + db.personas.length, String(body.name), { description: (body.description as string | undefined) ?? null });
      db.personas.unshift(p);
      return { status: 200, data: { data: p } };
    }
    const edit = /^\/persons\/(\d+)\/edit$/.exec(url);
    if (edit) {
      const p = db.personas.find((x) => x.id === Number(edit[1]));
      return p ? { status: 200, data: { data: structuredClone(p) } } : { status: 404, data: { errors: ['Persona not found'] } };
    }
    const one = /^\/persons\/(\d+)$/.exec(url);
    if (one && method === 'PUT') {
      const i = db.personas.findIndex((x) => x.id === Number(one[1]));
      const p = { ...db.personas[i]!, ...body, updated_at: new Date().toISOString() } as Persona;
      db.personas[i] = p;
      return { status: 200, data: { data: p } };
    }
    if (one && method === 'DELETE') {
      db.personas = db.personas.filter((x) => x.id !== Number(one[1]));
      return { status: 200, data: { data: { id: Number(one[1]) } } };
    }
    const loaded = /^\/persons\/(\d+)\/loaded_prospects$/.exec(url);
    if (loaded) {
      const params = config.params as { page: number; per_page: number; order_by: keyof Prospect; order_direction: 'asc' | 'desc' };
      const rows = [...db.prospects].sort((a, b) => String(a[params.order_by]).localeCompare(String(b[params.order_by])));
      if (params.order_direction === 'desc') rows.reverse();
      const start = (params.page - 1) * params.per_page;
      return { status: 200, data: { data: rows.slice(start, start + params.per_page), meta: { page: params.page, per_page: params.per_page, total: rows.length } } };
    }
    // The account-wide prospects page: search by name/email/company, membership, paging; selections by ids.
    if (url === '/prospects/search') {
      const q = String(body.search ?? '').toLowerCase();
      const rows = db.prospects.filter(
        (p) =>
          (!q || [p.full_name, p.email, p.company, p.linkedin_url].some((v) => v?.toLowerCase().includes(q))) &&
          (body.persona === undefined || body.persona === 'all' || (body.persona === 'none' ? p.persona_ids.length === 0 : p.persona_ids.includes(Number(body.persona)))),
      );
      const page = Number(body.page ?? 1);
      const perPage = Number(body.per_page ?? 50);
      return { status: 200, data: { data: rows.slice((page - 1) * perPage, page * perPage), meta: { page, per_page: perPage, total: rows.length } } };
    }
    const picked = (selection: unknown) => {
      const ids = (selection as { ids?: number[] }).ids;
      return ids ? db.prospects.filter((p) => ids.includes(p.id)) : db.prospects;
    };
    if (url === '/prospects/add_to_persona') {
      let added = 0;
      for (const p of picked(body.selection)) {
        if (p.persona_ids.includes(Number(body.persona_id))) continue;
        p.persona_ids = [...p.persona_ids, Number(body.persona_id)];
        added++;
      }
      return { status: 200, data: { data: { added, already: picked(body.selection).length - added } } };
    }
    if (url === '/prospects/delete') {
      const gone = new Set(picked(body.selection).map((p) => p.id));
      db.prospects = db.prospects.filter((p) => !gone.has(p.id));
      return { status: 200, data: { data: { deleted: gone.size } } };
    }
    if (url === '/prospects/export') return { status: 200, data: `Prospect ID,Full name\r\n${picked(body.selection).map((p) => `${p.id},${p.full_name}`).join('\r\n')}\r\n` };
    const byPersona = /^\/campaign_emails\/export_prospects_by_person\/(\d+)$/.exec(url);
    if (byPersona) return { status: 200, data: `Prospect ID,Full name\r\n${db.prospects.filter((p) => p.persona_ids.includes(Number(byPersona[1]))).map((p) => `${p.id},${p.full_name}`).join('\r\n')}\r\n` };
    if (url === '/filter_info') return { status: 200, data: { data: [] } };
    if (url === '/search_metadata') return { status: 200, data: { data: { total: 0, facets: {} } } };
    if (url === '/prospects_preview') return { status: 200, data: { data: db.preview(body.filters) } };
    return { status: 404, data: { errors: [`No fake for ${method} ${url}`] } };
  };
  const adapter = fakeAdapter(handler);
  return {
    db,
    adapter,
    setOverride: (h: Handler | null) => {
      override = h;
    },
    calls: (m: string, u: string | RegExp) =>
      adapter.calls.filter((c) => c.method?.toUpperCase() === m && (typeof u === 'string' ? c.url === u : u.test(c.url ?? ''))),
  };
}
