// Imported first by web/main.tsx. Zod compiles object parsers with `new Function` when it may; the app runs under a
// policy without 'unsafe-eval' (public/_headers), where even zod's probe for it is reported as a violation. Parsing
// without the compiled path costs little on the client's small payloads.
// Zod itself is not on the first page (the forms that use it load with their routes), so the setting is left where
// zod reads its configuration when it loads: the global object zod/v4/core/core.js adopts (`__zod_globalConfig`).
// The browser tests fail on any policy violation, so a zod that stopped reading it would be caught there.
const zodHost = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodHost.__zod_globalConfig = { ...zodHost.__zod_globalConfig, jitless: true };

export {};
