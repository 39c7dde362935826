/** Schema of the recommendation request body. */
import { arr, int, json, obj, optional, str } from '../http/schema.js';

const id = () => str({ min: 1, max: 100 });

/** Body of `POST …/recommendations/get`. */
export const getRecommendationBody = obj({
  algorithms: arr(obj({ id: id(), appId: id() }), { min: 1, max: 10 }),
  items: optional(
    arr(obj({ catalogItemId: id(), appId: id(), options: optional(json(6)) }), { max: 300 }),
  ),
  minimumRecommendedItems: optional(int({ min: 0, max: 100 })),
});
