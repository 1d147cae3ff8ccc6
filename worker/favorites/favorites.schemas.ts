import { z } from 'zod';
import { idParam } from '../events/search.ts';

export const favoriteCreateBody = z.object({ mentor: idParam('Некорректный ментор') });
