// Comparing a presented secret with ours in constant time: both are hashed first, so neither the length nor the first
// differing byte shows in the time taken.
import { sha256Hex } from '../lib/tokens.ts';

export async function safeEqual(presented: string, expected: string) {
  const [a, b] = await Promise.all([sha256Hex(presented), sha256Hex(expected)]);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0 && presented.length > 0;
}
