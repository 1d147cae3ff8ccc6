// What the local provider fakes keep (development and test only): one-time authorization codes, taken once by the
// token endpoint, and the fake Google's RSA signing key, made on first use and kept so every isolate signs alike.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../../drizzle/db.ts';
import { devSocialCodes, devSocialKeys } from '../../../drizzle/schema/social.ts';
import type { SocialProviderId } from '../../auth/social.schemas.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';

export async function issueFakeCode(db: Db, provider: SocialProviderId, grant: Record<string, unknown>) {
  const code = randomToken();
  await db.insert(devSocialCodes).values({ codeHash: await sha256Hex(code), provider, grant, expiresAt: sql`now() + interval '10 minutes'` });
  return code;
}

/** The grant of a live code, deleted as it is read: a code works once, as the providers' do. */
export async function takeFakeCode(db: Db, provider: SocialProviderId, code: string) {
  const [row] = await db
    .delete(devSocialCodes)
    .where(and(eq(devSocialCodes.codeHash, await sha256Hex(code)), eq(devSocialCodes.provider, provider), gt(devSocialCodes.expiresAt, sql`now()`)))
    .returning();
  return row?.grant ?? null;
}

export async function fakeSigningKey(db: Db, provider: SocialProviderId) {
  const [known] = await db.select().from(devSocialKeys).where(eq(devSocialKeys.provider, provider)).limit(1);
  if (known) return known;
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  )) as CryptoKeyPair;
  const kid = randomToken().slice(0, 16);
  const privateJwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
  const publicJwk = (await crypto.subtle.exportKey('jwk', pair.publicKey)) as JsonWebKey;
  await db.insert(devSocialKeys).values({ provider, kid, privateJwk, publicJwk }).onConflictDoNothing();
  // two first uses at once: whichever key was stored first is the one
  const [stored] = await db.select().from(devSocialKeys).where(eq(devSocialKeys.provider, provider)).orderBy(devSocialKeys.createdAt).limit(1);
  return stored;
}
