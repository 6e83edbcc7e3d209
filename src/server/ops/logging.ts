// The server's log without secrets (README: "no secret in a URL or a log line"). A token can reach a log
// line three ways: in a request's URL (the spec's GET calls take `?token=`, a mailed reset link opens
// `/reset-password/<token>`), in a message or an error that quotes such a URL, and as a known secret of
// the configuration echoed back by another server. So a request is logged with its path and only the
// names of its query (`req` serializer), and every line is scrubbed once more just before it is written
// (pino's streamWrite hook): query values, token paths, bearer credentials, JWTs and the configured
// secrets become `[redacted]`.
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';
import type { Config } from '@server/config';

export const REDACTED = '[redacted]';

/**
 * Paths that carry a secret after them (the admin's page of a mailed reset link): all the rest of the
 * path, whatever its case (the admin's router ignores it).
 */
const TOKEN_PATH = /(\/(?:reset-password|appeal)\/)[^?#\s"'\\]+/gi;
/** The value of each `name=value` of a query string, in a URL or in any text quoting one. */
const QUERY_VALUE = /([?&][^=&?#\s"'\\]+=)[^&#\s"'\\]*/g;
/** A credential after its scheme (an Authorization header, an error quoting one). */
const CREDENTIAL = /\b(Bearer|Basic)(\s+)[^\s"'\\,;]+/gi;
/** A JSON Web Token anywhere: header and payload are base64url JSON, so they start with "eyJ". */
const JWT = /\beyJ[\w-]*\.[\w-]*\.[\w-]*/g;

/** `text` with every token-looking part replaced by [redacted]. */
export function redactSecrets(text: string): string {
  return text
    .replace(JWT, REDACTED)
    .replace(CREDENTIAL, `$1$2${REDACTED}`)
    .replace(TOKEN_PATH, `$1${REDACTED}`)
    .replace(QUERY_VALUE, `$1${REDACTED}`);
}

/** `text` without any of `secrets` (only those long enough not to match ordinary words). */
export function withoutSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) if (secret && secret.length >= 8) out = out.split(secret).join(REDACTED);
  return out;
}

/** A request's URL as logged: its path (token segments redacted) and its query's names, no values. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at)).replace(TOKEN_PATH, `$1${REDACTED}`);
  if (at < 0) return path;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=${REDACTED}`);
  return `${path}?${names.join('&')}`;
}

/** Fastify's own request fields, with the URL redacted. */
function requestOf(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino's error fields, without the raw bytes of a malformed request (Fastify's client errors carry them). */
function errorOf(error: Error) {
  const { rawPacket: _raw, ...fields } = stdSerializers.err(error) as ReturnType<typeof stdSerializers.err> & { rawPacket?: unknown };
  return fields;
}

/** The password of a connection URL (postgres://, smtp://), as written and decoded. */
function passwordsOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const { password } = new URL(url);
    return password ? [password, decodeURIComponent(password)] : [];
  } catch {
    return [];
  }
}

/** The configuration's secrets, should anything (an error, an echoing server) quote one. */
export const secretsOf = (config: Config): string[] =>
  [config.jwtSecret, config.googleMapsApiKey, config.metricsToken, config.llm?.apiKey, ...passwordsOf(config.databaseUrl), ...passwordsOf(config.smtpUrl)].filter(
    (s): s is string => !!s,
  );

export interface LogSettings {
  level: string;
  /** where the lines go instead of stdout */
  stream?: { write(line: string): void };
  /** values of the configuration that must never be written (keys, tokens, passwords) */
  secrets: readonly (string | undefined)[];
}

/** Fastify's logger options: the level, the redacting serializers and the last scrub of every line. */
export function loggerOptions({ level, stream, secrets }: LogSettings): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { req: requestOf, err: errorOf },
    hooks: { streamWrite: (line: string) => withoutSecrets(redactSecrets(line), secrets) },
  };
}
