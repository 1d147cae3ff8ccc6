// The caller's favourite mentors (spec 001 "Мои менторы").
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { found, parseId } from '../lib/owned.ts';
import { validate } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { toFavorite } from './favorites.mapper.ts';
import { addFavorite, deleteFavorite, findFavorite, listFavorites } from './favorites.queries.ts';
import { favoriteCreateBody } from './favorites.schemas.ts';

export const favoritesRoutes = new Hono<AppEnv>()
  .get('/mentor-favorites', requireUser, async (c) => {
    const rows = await listFavorites(c.var.db, c.var.user.id);
    return c.json(rows.map(toFavorite));
  })
  .post('/mentor-favorites', requireUser, validate('json', favoriteCreateBody), async (c) => {
    const userId = c.var.user.id;
    const { mentor } = c.req.valid('json');
    if (mentor === userId) throw errors.validation({ mentor: 'Нельзя добавить в избранное себя' });
    const outcome = await addFavorite(c.var.db, userId, mentor);
    if (outcome.kind === 'not_mentor') throw errors.notFound('Ментор не найден');
    if (outcome.kind === 'duplicate') throw errors.conflict('already_favorite', 'Ментор уже в избранном');
    const row = found(await findFavorite(c.var.db, userId, outcome.id));
    return c.json(toFavorite(row), 201);
  })
  .delete('/mentor-favorites/:id', requireUser, async (c) => {
    found(await deleteFavorite(c.var.db, c.var.user.id, parseId(c.req.param('id'))));
    return c.body(null, 204);
  });
