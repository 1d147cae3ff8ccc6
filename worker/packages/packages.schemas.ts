// Consultation packages (issue 36, decision 006 «Packages»): what a purchase names. The offers themselves are part of the
// consultation type (consultation-types.schemas.ts, packageOffersField).
import { z } from 'zod';
import { idParam } from '../lib/id-param.ts';

/** POST /consultation-packages/buy/: the type and which of its offers (by its number of consultations). */
export const buyPackageBody = z.object({
  consultation_type_id: idParam('Выберите консультацию'),
  sessions: z.coerce.number({ error: 'Выберите пакет' }).int('Выберите пакет').min(1, 'Выберите пакет').max(1000, 'Выберите пакет'),
});
