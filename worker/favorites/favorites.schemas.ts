import { z } from 'zod';
import { idParam } from '../lib/id-param.ts';

export const favoriteCreateBody = z.object({ mentor: idParam('Некорректный ментор') });
