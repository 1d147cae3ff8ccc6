import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { loginCodes } from '../../drizzle/schema/auth.ts';
import { CODE_TTL_MINUTES, generateCode, hashCode, MAX_CODE_ATTEMPTS, sameDigest } from './codes.ts';

type Purpose = (typeof loginCodes.$inferInsert)['purpose'];

/** Codes of one channel only (sign-in-channel.ts): null is everyone not recognised. */
const onChannel = (channel: string | null | undefined) => (channel ? eq(loginCodes.channel, channel) : isNull(loginCodes.channel));

/**
 * Issues a fresh code for a destination; earlier live codes for it on the same channel stop working (a stranger's
 * request never retires the code of the owner's known device). Returns the plain code to send.
 */
export async function issueCode(
  db: Db,
  secret: string,
  input: { purpose: Purpose; destination: string; ip: string; channel?: string | null; registration?: Record<string, unknown> },
) {
  const code = generateCode();
  const codeHash = await hashCode(secret, input.purpose, input.destination, code);
  await db.transaction(async (tx) => {
    await tx
      .update(loginCodes)
      .set({ consumedAt: sql`now()` })
      .where(
        and(eq(loginCodes.purpose, input.purpose), eq(loginCodes.destination, input.destination), onChannel(input.channel), isNull(loginCodes.consumedAt)),
      );
    await tx.insert(loginCodes).values({
      purpose: input.purpose,
      destination: input.destination,
      codeHash,
      registration: input.registration,
      channel: input.channel ?? null,
      requestIp: input.ip === 'local' ? null : input.ip,
      expiresAt: sql`now() + make_interval(mins => ${CODE_TTL_MINUTES})`,
    });
  });
  return code;
}

/**
 * Checks a code. Each check first takes one of the code's 5 attempts in a single conditional UPDATE, so
 * however many guesses arrive at once, at most 5 are ever compared; a match then consumes the code in
 * another conditional UPDATE, so it works once. Only codes of the caller's channel are looked at, so a stranger's
 * tries never spend the attempts of a code sent to the owner's known device. Returns the code row on success, null
 * otherwise.
 */
export async function redeemCode(db: Db, secret: string, input: { purpose: Purpose; destination: string; code: string; channel?: string | null }) {
  const live = db
    .select({ id: loginCodes.id })
    .from(loginCodes)
    .where(
      and(
        eq(loginCodes.purpose, input.purpose),
        eq(loginCodes.destination, input.destination),
        onChannel(input.channel),
        isNull(loginCodes.consumedAt),
        gt(loginCodes.expiresAt, sql`now()`),
        lt(loginCodes.attempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .orderBy(desc(loginCodes.id))
    .limit(1);
  const [attempt] = await db
    .update(loginCodes)
    .set({ attempts: sql`${loginCodes.attempts} + 1` })
    .where(and(sql`${loginCodes.id} = (${live})`, lt(loginCodes.attempts, MAX_CODE_ATTEMPTS)))
    .returning();
  if (!attempt) return null;
  const expected = await hashCode(secret, input.purpose, input.destination, input.code);
  if (!sameDigest(attempt.codeHash, expected)) return null;
  const [consumed] = await db
    .update(loginCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(loginCodes.id, attempt.id), isNull(loginCodes.consumedAt), gt(loginCodes.expiresAt, sql`now()`)))
    .returning();
  return consumed ?? null;
}
