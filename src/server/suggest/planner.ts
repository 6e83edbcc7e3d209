// Who plans the days of an itinerary suggestion: the offline engine (the default), or a language
// model choosing among the engine's best spots when LLM_BASE_URL is set (llm.ts), which falls back to
// the engine whenever the model cannot be used. The answer says which one planned it. Which of the two
// a server uses: plannerFor.ts.
import { type Candidate, type DayPlan, planTrip } from './engine';
import type { PlaceLanguage } from './places';
import type { Point } from './shortestRoute';

/** Why a configured model's plan was not used (the answer's `llmFallback`). */
export const LLM_FALLBACKS = ['timeout', 'unreachable', 'http_error', 'too_large', 'not_json', 'wrong_shape', 'unknown_spot', 'repeated_spot'] as const;
export type LlmFallback = (typeof LLM_FALLBACKS)[number];

export interface PlanRequest<T extends Candidate> {
  /** the product's spots around the place (geo/spotsNear) */
  spots: readonly T[];
  center: Point;
  days: number;
  preferredCategoryIds: readonly number[];
  /** the admin's language: the model words the day titles in it */
  lang: PlaceLanguage;
  /** the place's name in that language */
  place: string;
  /** the search's theme words ("museums") */
  themes: readonly string[];
  /** names of categories by id, read only by a planner that needs them (one query) */
  categoryNames: (ids: number[]) => Promise<ReadonlyMap<number, string>>;
}

export interface PlannedDay<T> extends DayPlan<T> {
  /** the model's title for the day, in the admin's language; the engine gives none */
  title?: string;
}

export interface ItineraryPlan<T> {
  days: PlannedDay<T>[];
  plannedBy: 'llm' | 'engine';
  /** the model that planned it (plannedBy 'llm') */
  model?: string;
  /** why a configured model was not used (plannedBy 'engine') */
  fallback?: LlmFallback;
}

/** Where a planner reports a model it could not use (the request's logger). */
export interface PlannerLog {
  warn: (details: object, message: string) => void;
}

export interface ItineraryPlanner {
  plan<T extends Candidate>(request: PlanRequest<T>, log: PlannerLog): Promise<ItineraryPlan<T>>;
}

export const enginePlanner: ItineraryPlanner = {
  async plan(request) {
    return { days: planTrip(request.spots, request.center, request.days, request.preferredCategoryIds), plannedBy: 'engine' };
  },
};
