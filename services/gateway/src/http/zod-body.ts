import { parseOrThrow } from '@km/nest-kit';
import { applyDecorators, Body, PipeTransform } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { z } from 'zod';

class ZodPipe implements PipeTransform {
  constructor(private readonly schema: z.ZodType) {}
  transform(value: unknown) {
    return parseOrThrow(this.schema, value ?? {});
  }
}

/** Validates the JSON body against a contract schema (400 naming each bad field) and documents it in OpenAPI. */
export const ZodBody = (schema: z.ZodType) => Body(new ZodPipe(schema));

export const ApiZodBody = (schema: z.ZodType) =>
  applyDecorators(ApiBody({ schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as object }));
