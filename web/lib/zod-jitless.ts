// Imported first by web/main.tsx. Zod compiles object parsers with `new Function` when it may; the app runs under a
// policy without 'unsafe-eval' (public/_headers), where even zod's probe for it is reported as a violation. Parsing
// without the compiled path costs little on the client's small payloads.
import { z } from 'zod';

z.config({ jitless: true });
