// Who is asking for a sign-in code or trying one, as the limits see it (decision 013, «Sign-in that strangers can
// neither block nor guess»). A browser that signed in to the address before (known-device.ts), or a network its
// account held a session from, has a channel of its own: its own codes, its own limits and its own back-off, which
// nobody elsewhere can spend. Everyone else shares the open channel, whose ceiling and back-off are per address
// across all networks: that is what bounds a distributed guesser, and it can hold up only strangers and new devices.
import { ApiError, errors } from '../lib/errors.ts';
import { clientIp, networkOf } from '../lib/client-address.ts';
import { claimTry, clearBackoff, type Backoff } from '../lib/rate-limit-backoff.queries.ts';
import { enforceLimits, type Limit } from '../lib/rate-limit.queries.ts';
import { deliverInBackground } from '../mail/deliver.ts';
import type { AnyContext } from '../env.ts';
import { destinationKey, findAccount, signedInFromNetwork, type Destination } from './accounts.queries.ts';
import { attackNotice, signInRefusals } from './auth.messages.ts';
import { knownDevice, rememberDevice } from './known-device.ts';

export type SignInChannel = { kind: 'device' | 'network'; id: string } | { kind: 'open'; id: null };

/**
 * Tries of one channel and address: 5 at once (a code's worth of typos), then a wait that starts at a minute and
 * doubles with every wrong try, until a try succeeds. The decision works out what that leaves a guesser.
 */
export const TRY_BACKOFF = { freeTries: 5, baseSeconds: 60 } as const;

const backoffOf = (d: Destination, channel: SignInChannel): Backoff => ({
  key: channel.id ? `verify:to:${destinationKey(d)}:${channel.id}` : `verify:to:${destinationKey(d)}`,
  ...TRY_BACKOFF,
});

/** The caller's channel for this address: a known device, else a known network, else the open one. */
export async function signInChannel(c: AnyContext, d: Destination): Promise<SignInChannel> {
  const device = await knownDevice(c, destinationKey(d));
  if (device) return { kind: 'device', id: device };
  const ip = clientIp(c.req.raw.headers);
  if (ip !== 'local' && (await signedInFromNetwork(c.var.db, d, ip))) return { kind: 'network', id: `network:${networkOf(ip)}` };
  return { kind: 'open', id: null };
}

/**
 * Code requests: 5 in 15 minutes per address from one network (or one known device), 30 an hour per IP, and on the
 * open channel only, 20 an hour per address across all networks; refusing that ceiling warns the owner.
 */
export async function allowCodeRequest(c: AnyContext, d: Destination, channel: SignInChannel) {
  const to = destinationKey(d);
  const ip = clientIp(c.req.raw.headers);
  const pace = { max: 5, windowSeconds: 900, detail: signInRefusals.codesFromHere };
  // a known device is bound to this one address: its per-IP allowance would only let a neighbour behind the same
  // address (a mobile carrier's NAT) hold it up
  const own: Limit[] =
    channel.kind === 'device'
      ? [{ key: `send:to:${to}:${channel.id}`, ...pace }]
      : [{ key: `send:to:${to}:from:${networkOf(ip)}`, ...pace }, ...perIp('send', ip, 30)];
  await enforceLimits(c.var.db, own);
  if (channel.kind !== 'open') return;
  try {
    await enforceLimits(c.var.db, [{ key: `send:to:${to}`, max: 20, windowSeconds: 3600, detail: signInRefusals.codesToAddress }]);
  } catch (e) {
    if (refused(e)) await warnOwner(c, d);
    throw e;
  }
}

/** One try of a code: 60 an hour per IP (off a known device), then the channel's back-off, charged until it succeeds. */
export async function allowTry(c: AnyContext, d: Destination, channel: SignInChannel) {
  if (channel.kind !== 'device') await enforceLimits(c.var.db, perIp('verify', clientIp(c.req.raw.headers), 60));
  const claimed = await claimTry(c.var.db, backoffOf(d, channel));
  if (claimed.allowed) return;
  if (channel.kind === 'open') await warnOwner(c, d);
  throw errors.tooManyRequests(signInRefusals.tries(claimed.waitSeconds));
}

/** A successful sign-in: the channel's back-off starts afresh, and this browser is known for the address from now. */
export async function signedIn(c: AnyContext, d: Destination, channel: SignInChannel) {
  await clearBackoff(c.var.db, backoffOf(d, channel).key);
  await rememberDevice(c, destinationKey(d));
}

const perIp = (kind: 'send' | 'verify', ip: string, max: number): Limit[] =>
  ip === 'local' ? [] : [{ key: `${kind}:ip:${ip}`, max, windowSeconds: 3600 }];

const refused = (e: unknown) => e instanceof ApiError && e.status === 429;

/**
 * The open channel refused someone: the address's owner hears of it, at most once a day. The day's gate is checked in
 * the request for every address alike; whether there is an owner to tell is found out after the answer, like the
 * code itself, so the refusal's timing says nothing either.
 */
async function warnOwner(c: AnyContext, d: Destination) {
  try {
    await enforceLimits(c.var.db, [{ key: `notice:to:${destinationKey(d)}`, max: 1, windowSeconds: 86_400 }]);
  } catch (e) {
    if (refused(e)) return;
    throw e;
  }
  deliverInBackground(c, async ({ email, sms, db }) => {
    if (!(await findAccount(db, d))) return;
    await ('email' in d ? email.sendEmail({ to: d.email, ...attackNotice.email }) : sms.sendSms({ to: d.phone, text: attackNotice.sms }));
  });
}
