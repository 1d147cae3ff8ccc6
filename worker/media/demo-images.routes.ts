import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { avatarSvg, coverSvg } from './demo-images.ts';

const KEY = /^[a-z0-9-]{1,40}\.svg$/;

function svgResponse(body: string) {
  return new Response(body, {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'x-content-type-options': 'nosniff',
      // an SVG opened directly must not run anything
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'cache-control': 'public, max-age=31536000, immutable',
    },
  });
}

export const demoImageRoutes = new Hono<AppEnv>()
  .get('/demo/avatars/:file', (c) => {
    const file = c.req.param('file');
    if (!KEY.test(file)) throw errors.notFound();
    return svgResponse(avatarSvg(file.slice(0, -4)));
  })
  .get('/demo/covers/:file', (c) => {
    const file = c.req.param('file');
    if (!KEY.test(file)) throw errors.notFound();
    return svgResponse(coverSvg(file.slice(0, -4)));
  });
