import { z } from 'zod';
import { normalizePlate } from '@/lib/vignettes/plate';
import { plateFields, refusePlate } from './vignette-order';

/**
 * The validity check by plate (`GET /api/vignettes/check`, the page `/{lang}/vignette/check`): the plate and country
 * as the order form takes them, refused for the same reasons with the same message keys, and normalized the same way
 * ('hd 12 abc' → 'HD12ABC'), so that a plate finds the vignettes bought for it however it is typed.
 */
export const plateCheckSchema = z
  .object(plateFields)
  .superRefine(refusePlate)
  .transform((vehicle) => ({ ...vehicle, plate: normalizePlate(vehicle.plate) }));

export type PlateCheckInput = z.input<typeof plateCheckSchema>;
export type PlateCheckQuery = z.output<typeof plateCheckSchema>;
