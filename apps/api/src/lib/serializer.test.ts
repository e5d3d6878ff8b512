import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes } from '../routes';
import { compileResponseSerializer, responseSerializerCompiler } from './serializer';

const compile = (schema: z.ZodType) => responseSerializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' } as never);

describe('response serializers', () => {
  it('write only the declared fields, compiled at the first answer', () => {
    const serialize = compile(z.object({ data: z.object({ id: z.number(), name: z.string().nullable() }) }));
    expect(JSON.parse(serialize({ data: { id: 1, name: null, password: 'secret' } }))).toEqual({ data: { id: 1, name: null } });
    expect(serialize({ data: { id: 2, name: 'Pat' } })).toBe('{"data":{"id":2,"name":"Pat"}}');
  });

  // Compiled lazily at run time, so a schema fast-json-stringify cannot take would only show at a route's first
  // answer: every route's response schemas are compiled here instead.
  it.each(routes.flatMap((r) => Object.entries(r.schema.response ?? {}).map(([status, schema]) => [`${r.method} ${r.url} ${status}`, schema] as const)))(
    '%s compiles',
    (_name, schema) => {
      expect(typeof compileResponseSerializer(schema)).toBe('function');
    },
  );
});
