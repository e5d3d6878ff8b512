import type { AxiosResponse } from 'axios';
import type { ApiClient } from '../client';
import { GENERATION_POLL_INTERVAL_MS } from '../../constants';
import type { GenerateExampleTextBody, GeneratedText, GenerationJob } from '../../schemas/messaging';

/** Every generating route answers 200 {data} when ready within a few seconds, else 202 {job_id}. */
export type GenerationOutcome = { status: 'ready'; data: GeneratedText } | { status: 'pending'; job_id: string };

export function generationOutcome(r: AxiosResponse): GenerationOutcome {
  if (r.status === 202) return { status: 'pending', job_id: (r.data as { job_id: string }).job_id };
  return { status: 'ready', data: (r.data as { data: GeneratedText }).data };
}

export class GenerationFailedError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export function generationEndpoints(http: ApiClient) {
  const job = (id: string) => http.get<{ data: GenerationJob }>(`/generation_jobs/${id}`).then((r) => r.data.data);
  return {
    /** POST generate_example_text: an example message for a prospect from the messaging settings. */
    generateExampleText: (body: GenerateExampleTextBody): Promise<GenerationOutcome> =>
      http.post('/generate_example_text', body).then(generationOutcome),
    job,
    /** Resolves a 202 outcome by polling the job until it succeeds (or throws GenerationFailedError). */
    async waitFor(outcome: GenerationOutcome, options: { intervalMs?: number; signal?: AbortSignal } = {}): Promise<GeneratedText> {
      if (outcome.status === 'ready') return outcome.data;
      for (;;) {
        if (options.signal?.aborted) throw new Error('Aborted');
        await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? GENERATION_POLL_INTERVAL_MS));
        const j = await job(outcome.job_id);
        if (j.status === 'succeeded' && j.result) return j.result;
        if (j.status === 'failed') throw new GenerationFailedError(j.error ?? 'Generation failed', j.error_status);
      }
    },
  };
}
