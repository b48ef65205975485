// One error type for the simulator's domain code. The GraphQL endpoint renders it as a GraphQL
// error with `extensions.code`; the sandbox admin API maps the code to an HTTP status.
type SimulatorErrorCode = 'NOT_FOUND' | 'BAD_USER_INPUT' | 'CONFLICT';

export class SimulatorError extends Error {
  constructor(
    readonly code: SimulatorErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SimulatorError';
  }
}

export const HTTP_STATUS: Record<SimulatorErrorCode, 400 | 404 | 409> = {
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  CONFLICT: 409,
};

export const notFound = (what: string, id: string) =>
  new SimulatorError('NOT_FOUND', `${what} not found: ${JSON.stringify(id)}`);

export const badInput = (message: string) => new SimulatorError('BAD_USER_INPUT', message);

export const conflict = (message: string) => new SimulatorError('CONFLICT', message);
