import { accessAllowed, ruleUsesIcons } from '../auth/current-user';
import type { Services } from '../services';
import { dataExceptionCode } from './data-exception';
import { isDiskFull, logDiskFull } from './disk-full';
import { CallFailure, MESSAGES } from './errors';
import type { CallContext, Implementation } from './implement';
import { isOutage } from './unavailable';
import { describeInvalidInput } from './validation';

export type Outcome = 'ok' | 'fail' | 'denied' | 'invalid' | 'unauth' | 'error' | 'unavailable';

export interface CallResult {
  status: number;
  body: Record<string, unknown> & { success: string; message: string };
  outcome: Outcome;
}

/** Strips the signing fields: they are the wrapper's business, never the handler's. */
export function withoutSigningFields(payload: Record<string, unknown>): Record<string, unknown> {
  const { device: _device, ts: _ts, signature: _signature, ...input } = payload;
  return input;
}

export function failure(status: number, outcome: Outcome, message: string, code = '0', extra: Record<string, unknown> = {}): CallResult {
  return { status, outcome, body: { ...extra, success: code, message } };
}

/** The answer while PostgreSQL or Redis is unreachable (see unavailable.ts). */
export function serviceUnavailable(): CallResult {
  return failure(503, 'unavailable', MESSAGES.unavailable);
}

/**
 * The part of every call shared by HTTP and the live socket, after the caller is known:
 * access → input validation → handler → output check (tests) → envelope. Never leaks a stack.
 */
export async function runCall(
  implementation: Implementation,
  ctx: CallContext,
  rawInput: Record<string, unknown>,
): Promise<CallResult> {
  const { contract, handler } = implementation;
  const services: Services = ctx.services;
  try {
    const icons = ruleUsesIcons(contract.access) ? await services.iconRules.get() : new Map();
    if (!(await accessAllowed(contract.access, ctx.user, icons))) return failure(403, 'denied', MESSAGES.forbidden);

    const parsed = contract.input.safeParse(rawInput);
    if (!parsed.success) return failure(400, 'invalid', describeInvalidInput(parsed.error));

    const output = await handler(ctx, parsed.data);
    if (services.config.VALIDATE_OUTPUT) {
      const checked = contract.output.safeParse(output);
      if (!checked.success) {
        services.log.error(`${contract.path}: output does not match its contract: ${describeInvalidInput(checked.error)}`);
        return failure(500, 'error', MESSAGES.internal);
      }
    }
    return { status: 200, outcome: 'ok', body: { ...output, success: '1', message: '' } };
  } catch (error) {
    if (error instanceof CallFailure) {
      return failure(error.status, error.code === '-1' ? 'unauth' : 'fail', error.message, error.code, error.extra);
    }
    if (isOutage(services.health, error)) return serviceUnavailable();
    if (isDiskFull(error)) {
      logDiskFull(services.log, contract.path, error);
      return failure(507, 'error', MESSAGES.diskFull);
    }
    const refusedData = refusedByDatabase(error, contract.path, services);
    if (refusedData) return refusedData;
    services.log.error(`${contract.path}: unhandled error`, error);
    return failure(500, 'error', MESSAGES.internal);
  }
}

/** A value the database refused as data (SQLSTATE class 22) is the caller's bad input: 400, one log line. */
function refusedByDatabase(error: unknown, path: string, services: Services): CallResult | null {
  const code = dataExceptionCode(error);
  if (!code) return null;
  services.log.warn(`${path}: the database refused the input as data (SQLSTATE ${code})`);
  return failure(400, 'invalid', MESSAGES.refusedData);
}
