/** SPEC §7: responses are read from a data field. Wraps a schema as {data: schema}. */
export const dataEnvelope = <Schema extends object>(schema: Schema) =>
  ({
    type: 'object',
    required: ['data'],
    properties: { data: schema },
    additionalProperties: false,
  }) as const;
