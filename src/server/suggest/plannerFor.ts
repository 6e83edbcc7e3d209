// The planner a server uses: the model when one is configured (LLM_BASE_URL), else the offline engine.
// Apart from planner.ts so that the model's adapter (llm.ts), which implements planner.ts's interface,
// and the interface form no circle.
import type { Config } from '@server/config';
import { llmPlanner } from './llm';
import { enginePlanner, type ItineraryPlanner } from './planner';

export const plannerFor = (config: Pick<Config, 'llm'>): ItineraryPlanner => (config.llm ? llmPlanner(config.llm) : enginePlanner);
