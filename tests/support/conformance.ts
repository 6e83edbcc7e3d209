// The checks an OpenAPI-driven fuzzer (Schemathesis's defaults) makes on each answer, against the
// API's own document: the status is one the operation documents, the content type is one it documents
// for that status, and the body matches that status's schema. Ajv reads the document's schemas
// (OpenAPI 3.0: `nullable` is understood).
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

interface MediaType {
  schema?: object;
}
interface Response {
  content?: Record<string, MediaType>;
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, { responses?: Record<string, Response> }>>;
}
export interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** A function that says what is wrong with an answer to `method path` (a documented operation), or null. */
export function conformanceOf(doc: OpenApiDoc) {
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction>();
  const validatorOf = (key: string, schema: object) => {
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(key, validate);
    }
    return validate;
  };

  return (method: string, path: string, res: Answer): string | null => {
    const operation = doc.paths[path]?.[method.toLowerCase()];
    if (!operation) return null;
    const documented = operation.responses?.[String(res.statusCode)] ?? operation.responses?.default;
    if (!documented) return `answered ${res.statusCode}, a status the document does not list for ${method} ${path} (${Object.keys(operation.responses ?? {}).join(', ')})`;
    const contentType = String(res.headers['content-type'] ?? '').split(';')[0].trim();
    const media = documented.content ?? {};
    if (!contentType) return res.body === '' ? null : 'answered a body without a content type';
    const type = media[contentType] ?? media['*/*'];
    if (!type) return `answered ${contentType}, not a content type the document lists for ${res.statusCode} (${Object.keys(media).join(', ') || 'none'})`;
    if (!type.schema || contentType !== 'application/json') return null;
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return 'answered JSON that does not parse';
    }
    const validate = validatorOf(`${method} ${path} ${res.statusCode}`, type.schema);
    if (validate(body)) return null;
    const error = validate.errors?.[0];
    return `answer does not match the documented schema of ${res.statusCode}: ${error?.instancePath || '(body)'} ${error?.message ?? ''} ${error?.params ? JSON.stringify(error.params) : ''}`;
  };
}
