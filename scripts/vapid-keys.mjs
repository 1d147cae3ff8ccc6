// `node scripts/vapid-keys.mjs`: a new VAPID key pair for browser push (decision 027), printed as the secrets
// production sets: VAPID_PUBLIC_KEY (the 65-byte P-256 point) and VAPID_PRIVATE_KEY (its 32-byte scalar), base64url.
// Changing the pair later makes every browser's subscription unusable (push services refuse it, 403) until the person
// turns push on again in the settings, which replaces a subscription made with another key.
const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
const publicKey = Buffer.from(await crypto.subtle.exportKey('raw', pair.publicKey)).toString('base64url');
const { d } = await crypto.subtle.exportKey('jwk', pair.privateKey);
console.log(`VAPID_PUBLIC_KEY=${publicKey}\nVAPID_PRIVATE_KEY=${d}`);
