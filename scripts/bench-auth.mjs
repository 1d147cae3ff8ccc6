// Account probing by timing, for `npm run bench`: POST /api/auth/request_login_passcode/ for addresses with an
// account and without, one request at a time and interleaved, so both see the same machine. The answer must not
// tell them apart (decision 002's «the same answer either way»; the code is made after the answer).
import pg from 'pg';

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

export async function codeRequestTiming(appUrl, databaseUrl, count = 100) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const stamp = Date.now().toString(36);
  // a fresh address per request: each may ask for 5 codes in 15 minutes
  const { rows } = await db.query(
    `insert into users (email) select 'timing.' || $1 || '.' || g || '@bench.forma' from generate_series(1, $2) g returning email`,
    [stamp, count],
  );
  await db.end();
  const ask = async (email) => {
    const t = performance.now();
    const res = await fetch(`${appUrl}/api/auth/request_login_passcode/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: appUrl },
      body: JSON.stringify({ email }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`request_login_passcode answered ${res.status}`);
    return performance.now() - t;
  };
  const known = [];
  const unknown = [];
  for (let i = 0; i < count; i++) {
    known.push(await ask(rows[i].email));
    unknown.push(await ask(`nobody.${stamp}.${i}@bench.forma`));
  }
  const k = median(known);
  const u = median(unknown);
  return { count, known: k.toFixed(1), unknown: u.toFixed(1), difference: (k - u).toFixed(1) };
}
