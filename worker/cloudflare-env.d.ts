// The runtime's ambient types, filled in with ours. Nothing imports this file (TypeScript reads it through the
// project's include), so typing `exports` by the Worker's entry module ties no circle through worker/env.ts.
import type { Bindings } from './env.ts';

declare global {
  namespace Cloudflare {
    // partyserver types its namespaces against Cloudflare.Env
    interface Env extends Bindings {}
    // types `exports` from 'cloudflare:workers' (the tests call the Worker through it)
    interface GlobalProps {
      mainModule: typeof import('./index.ts');
      durableNamespaces: 'NotificationHub' | 'ChatRoom' | 'ConferenceRoom';
    }
  }
}
