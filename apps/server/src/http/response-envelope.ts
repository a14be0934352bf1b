/** SPEC §7: responses are read from a data field. Wraps a schema as {data: schema}. */
export const dataEnvelope = <Schema extends object>(schema: Schema) =>
  ({
    type: 'object',
    required: ['data'],
    properties: { data: schema },
    additionalProperties: false,
  }) as const;

/** `{ data: { ok: true } }`: the answer of a change that has nothing else to say. */
export const okEnvelope = dataEnvelope({
  type: 'object',
  required: ['ok'],
  properties: { ok: { type: 'boolean' } },
});

/** `{ data: { items, page, size, total } }`: a page of a list (page from 0). */
export const pageEnvelope = <Item extends object>(item: Item) =>
  dataEnvelope({
    type: 'object',
    required: ['items', 'page', 'size', 'total'],
    properties: {
      items: { type: 'array', items: item },
      page: { type: 'integer' },
      size: { type: 'integer' },
      total: { type: 'integer' },
    },
  });
