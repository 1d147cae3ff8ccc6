// Makes scripts/seed-data/demo-recording.webm, the demo seed's recorded session and the recordings tests' fixture
// (decision 019): Debian's chromium records a canvas (a moving clock face) and an oscillator for ~10 s with
// MediaRecorder, as the host's browser records a meeting, with a 2-s timeslice, at a low bitrate.
//   node scripts/make-demo-recording.mjs [seconds]
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const seconds = Number(process.argv[2] ?? 10);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'] });
try {
  const page = await browser.newPage();
  const bytes = await page.evaluate(async (ms) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const g = canvas.getContext('2d');
    const t0 = performance.now();
    const draw = () => {
      const t = (performance.now() - t0) / 1000;
      g.fillStyle = '#1f2a44';
      g.fillRect(0, 0, 320, 180);
      g.fillStyle = '#f4b400';
      g.beginPath();
      g.arc(160 + 100 * Math.cos(t), 90 + 50 * Math.sin(t), 20, 0, 2 * Math.PI);
      g.fill();
      g.fillStyle = '#fff';
      g.font = '28px sans-serif';
      g.fillText(`Форма ${t.toFixed(1)} с`, 20, 40);
    };
    const timer = setInterval(draw, 40);
    draw();
    const audio = new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    gain.gain.value = 0.1;
    osc.frequency.value = 440;
    const out = audio.createMediaStreamDestination();
    osc.connect(gain).connect(out);
    osc.start();
    const stream = new MediaStream([...canvas.captureStream(25).getVideoTracks(), ...out.stream.getAudioTracks()]);
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8,opus', videoBitsPerSecond: 150_000, audioBitsPerSecond: 32_000 });
    const chunks = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(2000);
    await new Promise((r) => setTimeout(r, ms));
    recorder.stop();
    await stopped;
    clearInterval(timer);
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  }, seconds * 1000);
  writeFileSync(new URL('./seed-data/demo-recording.webm', import.meta.url), Buffer.from(bytes));
  console.log(`demo-recording.webm: ${bytes.length} bytes`);
} finally {
  await browser.close();
}
