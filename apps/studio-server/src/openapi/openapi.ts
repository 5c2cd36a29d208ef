import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { GAME_ERRORS } from '@felt-studio/games';
import { POKER_COMMAND_WIRES, RejectionSchema, TABLE_COMMAND_WIRES, restBodySchemaOf, routeParams } from '@felt-studio/protocol';
import { z } from 'zod';
import { isServerCode, serverErrors, statusOf, type ServerErrorCode } from '../shared/error-codes.js';
import { OPERATIONS, type OperationError, type OperationSpec } from './operations.js';
import { routeKey, type TableCommandDefinition } from '../shared/commands/command.types.js';
import type { TableCommandRegistry } from '../shared/commands/command-registry.js';
import { TABLE_COMMANDS } from '../shared/ports/late-bound.js';

/** A table command's operation, from its one definition (issue 19 §3): summary, body, answer, coded errors. */
export function commandOperation(d: TableCommandDefinition): OperationSpec {
  const body = d.rest && d.schema instanceof z.ZodObject ? restBodySchemaOf(d.rest, d.schema) : d.schema;
  return { summary: d.summary ?? d.op, ...(body ? { body } : {}), response: d.response ?? z.unknown(), ...(d.errors ? { errors: d.errors } : {}) };
}

/** Every table command's operation, keyed `METHOD /path` like OPERATIONS. */
export function commandOperations(defs: readonly TableCommandDefinition[]): Record<string, OperationSpec> {
  return Object.fromEntries(defs.flatMap((d) => (d.rest && d.roles.length > 0 ? [[routeKey(d.rest), commandOperation(d)] as const] : [])));
}

/**
 * The operations of the wire lists' routes (libs/protocol), which the generated controller mounts in every
 * application: a route whose module is not in this application (e.g. a server without live poker) is still
 * documented from its wire half (it answers 404 there); a registered definition's operation replaces it.
 */
export function wireOperations(): Record<string, OperationSpec> {
  return Object.fromEntries(
    [...Object.values(TABLE_COMMAND_WIRES), ...Object.values(POKER_COMMAND_WIRES)].flatMap((w) => {
      if (!('rest' in w) || !w.rest) return [];
      const schema = w.schema as z.ZodType;
      const body = schema instanceof z.ZodObject ? restBodySchemaOf(w.rest, schema) : schema;
      return [[routeKey(w.rest), { summary: w.summary, ...(body ? { body } : {}), response: w.response }] as const];
    }),
  );
}

type JsonSchema = Record<string, unknown>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** zod → OpenAPI 3.0 schema through zod's own JSON Schema generator (zod 4 `z.toJSONSchema`). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const s = z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as JsonSchema;
  delete s['$schema'];
  return s;
}

const ALWAYS: readonly ServerErrorCode[] = ['INTERNAL', 'STORE_UNAVAILABLE'];
const AUTHED: readonly ServerErrorCode[] = ['UNAUTHENTICATED', 'SESSION_REVOKED', 'FORBIDDEN', 'RATE_LIMITED'];
const GAME_RULE_CODES = Object.keys(GAME_ERRORS).filter((c) => !isServerCode(c));

/** The error responses of one operation, by HTTP status, each with the codes it can carry (from the one mapping, error-codes.ts). */
export function errorResponses(spec: OperationSpec, hasParams: boolean): Record<string, { description: string; content: { 'application/json': { schema: JsonSchema } } }> {
  const codes = new Set<OperationError>([...ALWAYS, ...(spec.public ? [] : AUTHED), ...(spec.body || spec.query || hasParams ? (['INVALID_INPUT'] as const) : []), ...(spec.errors ?? [])]);
  const byStatus = new Map<number, string[]>();
  for (const c of codes) {
    const list = c === 'GAME_RULES' ? GAME_RULE_CODES : [c];
    for (const code of list) {
      const st = statusOf(code);
      byStatus.set(st, [...(byStatus.get(st) ?? []), code]);
    }
  }
  const rejection = jsonSchemaOf(RejectionSchema, 'output');
  const out: Record<string, { description: string; content: { 'application/json': { schema: JsonSchema } } }> = {};
  for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const unique = [...new Set(list)].sort();
    const props = (rejection['properties'] ?? {}) as Record<string, JsonSchema>;
    out[String(status)] = {
      description: unique.map((c) => `\`${c}\`${isServerCode(c) ? `: ${serverErrors().get(c)?.meaning ?? ''}` : ' (game rule)'}`).join('\n\n'),
      content: { 'application/json': { schema: { ...rejection, properties: { ...props, code: { type: 'string', enum: unique } } } } },
    };
  }
  return out;
}

export interface OpenApiBuild {
  readonly document: OpenAPIObject;
  /** Routes the app serves that have no row in OPERATIONS (a test fails on any). */
  readonly undocumented: readonly string[];
  /** OPERATIONS rows that name no route of the app. */
  readonly unknown: readonly string[];
}

/**
 * The OpenAPI document of the app: Nest lists the routes (paths, methods, parameters); every operation's
 * request body, query, success response and coded error responses come from OPERATIONS (zod schemas).
 */
export function buildOpenApi(app: INestApplication): OpenApiBuild {
  const doc = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Felt studio server')
      .setDescription('Tables, rounds, bets, wallet, settlement, realtime (see docs/architecture.md). Every rejection is `{code, ruleId, message}`; the codes per status are listed on each operation (apps/studio-server/ERROR-CODES.md).')
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  const undocumented: string[] = [];
  const seen = new Set<string>();
  const commands = { ...wireOperations(), ...commandOperations(app.get<TableCommandRegistry>(TABLE_COMMANDS, { strict: false }).definitions()) };
  const operations: Readonly<Record<string, OperationSpec>> = { ...OPERATIONS, ...commands };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op === undefined) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const spec = operations[key];
      if (spec === undefined) {
        undocumented.push(key);
        continue;
      }
      seen.add(key);
      const params = (op.parameters ?? []).filter((p) => !('in' in p) || p.in !== 'query');
      // A command's route is generated (no @Param): its path parameters come from the template.
      if (commands[key]) for (const name of routeParams(path)) if (!params.some((p) => 'name' in p && p.name === name)) params.push({ name, in: 'path' as const, required: true, schema: { type: 'string' } });
      const hasPathParams = path.includes('{');
      op.summary = spec.summary;
      if (spec.query) {
        const q = jsonSchemaOf(spec.query, 'input');
        const props = (q['properties'] ?? {}) as Record<string, JsonSchema>;
        const required = new Set((q['required'] ?? []) as string[]);
        params.push(...Object.entries(props).map(([name, schema]) => ({ name, in: 'query' as const, required: required.has(name), schema })));
      }
      op.parameters = params;
      if (spec.body === 'sdp') op.requestBody = { required: true, content: { 'application/sdp': { schema: { type: 'string' } } } };
      else if (spec.body) op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchemaOf(spec.body, 'input') } } };
      else delete op.requestBody;
      const okStatus = Object.keys(op.responses ?? {}).find((s) => s.startsWith('2')) ?? '200';
      const text = (type: string) => ({ [type]: { schema: { type: 'string' } as JsonSchema } });
      const okContent: Record<string, { schema: JsonSchema }> | null =
        spec.response === 'text' ? text('text/plain') : spec.response === 'csv' ? text('text/csv') : spec.response === 'sdp' ? text('application/sdp') : spec.response === 'jpeg' ? { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } } : spec.response === 'none' ? null : { 'application/json': { schema: jsonSchemaOf(spec.response, 'output') } };
      op.responses = {
        [okStatus]: okContent === null ? { description: spec.summary } : { description: spec.summary, content: okContent },
        ...Object.fromEntries((spec.alsoStatus ?? []).map((s) => [String(s), okContent === null ? { description: `${spec.summary} (${s})` } : { description: `${spec.summary} (${s})`, content: okContent }])),
        ...errorResponses(spec, hasPathParams),
      };
      op.security = spec.public ? [] : [{ bearer: [] }];
    }
  }
  const unknown = Object.keys(operations).filter((k) => !seen.has(k));
  return { document: doc, undocumented, unknown };
}

/**
 * Serves the document at /docs (UI) and /docs/json, built on the first request: the table commands'
 * operations come from their definitions, which the modules register when the app starts.
 */
export function serveOpenApi(app: INestApplication): void {
  let doc: OpenAPIObject | null = null;
  SwaggerModule.setup('docs', app, () => (doc ??= buildOpenApi(app).document), { jsonDocumentUrl: 'docs/json' });
}
