import { describe, expect, it } from 'vitest';
import { KICKED_JOBS } from './lib/jobs/kicks';
import { jobDefinitions } from './jobs';

describe('the job registry', () => {
  it('registers every job the lower layers kick by name', () => {
    const names = new Set(jobDefinitions.map((job) => job.name));
    for (const name of KICKED_JOBS) expect(names, name).toContain(name);
  });

  it('registers each name once', () => {
    const names = jobDefinitions.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
