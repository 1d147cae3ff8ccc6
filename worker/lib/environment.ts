// Which kind of deployment a request runs in. Development and test have the local stand-ins (dev mailbox,
// payment sandbox); production never does.
import type { Bindings } from '../env.ts';

export function isDevEnvironment(env: Pick<Bindings, 'ENVIRONMENT'>) {
  return env.ENVIRONMENT === 'development' || env.ENVIRONMENT === 'test';
}
