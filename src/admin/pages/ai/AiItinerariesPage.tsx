import SaveIcon from '@mui/icons-material/Save';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Autocomplete, Box, Button, Card, CardActions, CardContent, CardHeader, CircularProgress, Grid, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { isActiveChoice } from '../../components/ActiveChoices';
import { useKeptState } from '../../components/useKeptState';
import { type RaRecord, Title, type TranslateFunction, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { RouteMap } from '../../components/RouteMap';
import { useServerMessage } from '../../components/useServerMessage';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { SuggestionTitle, suggestionTitle, type TitledSuggestion } from './SuggestionTitle';

interface Category {
  id: number;
  name: string;
}
interface SuggestedStop {
  spot: { id: number; name: string; address: string | null; latitude: number; longitude: number; city: string | null; country: string | null; image: string | null; thumbnail_url: string | null };
}
interface Suggestion extends TitledSuggestion {
  id: string;
  postSpot: SuggestedStop[];
  /** the AI model that planned it (plannedBy 'llm') */
  llmModel?: string;
  /** why a configured AI model was not used: 'timeout', or another reason its answer was unusable */
  llmFallback?: string;
  /** the days the search asked for, when more than maxDays (the trip was capped) */
  askedDays?: number;
  maxDays?: number;
}

/** The whole trip's id among the saved ones. */
const TRIP = 'trip';

/** Who planned the suggestion, under the results; the model's name isolated so that its direction does not reorder the text. */
function PlannedBy({ suggestion: s, translate }: { suggestion: Suggestion; translate: TranslateFunction }) {
  const MARK = '\u0001';
  const [before, after = ''] = translate('app.ai_itineraries.by_llm', { model: MARK }).split(MARK);
  return (
    <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 2 }}>
      {s.plannedBy === 'llm' ? (
        <>
          {before}
          <bdi>{s.llmModel}</bdi>
          {after}
        </>
      ) : (
        `${s.llmFallback ? `${translate(s.llmFallback === 'timeout' ? 'app.ai_itineraries.llm_late' : 'app.ai_itineraries.llm_bad')} ` : ''}${translate('app.ai_itineraries.by_engine')}`
      )}
    </Typography>
  );
}

/** spec §4: 0 loading, 1 done, 2 saving */
type LoadState = 0 | 1 | 2;

/**
 * /aiItineraries, 'AI Suggested Itineraries' (spec §2): preference categories and a search such as
 * '3 days in Istanbul' (Enter submits; Turkish and Arabic searches too); one card per suggested day
 * with its stops and route, each saved as an itinerary. Titles are worded in the current language;
 * typed text and place names are isolated (dir="auto", <bdi>) so right-to-left text does not reorder them.
 */
export function AiItinerariesPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const serverMessage = useServerMessage();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [categories, setCategories] = useState<Category[]>([]);
  // what was chosen, typed and found outlives a language switch (react-admin remounts the page)
  const [chosen, setChosen] = useKeptState<Category[]>('aiItineraries.chosen', []);
  const [text, setText] = useKeptState('aiItineraries.text', '');
  const [suggestions, setSuggestions] = useKeptState<Suggestion[]>('aiItineraries.suggestions', []);
  const [state, setState] = useState<LoadState>(1);
  const [savedIds, setSavedIds] = useKeptState<Set<string>>('aiItineraries.saved', new Set());

  useEffect(() => {
    dataProvider
      .getList<RaRecord>('category', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' }, filter: {} })
      // preference categories: Active ones only
      .then(({ data }) => setCategories(data.filter(isActiveChoice).map((c) => ({ id: Number(c.id), name: String(c.name) }))))
      .catch((e) => notify(serverMessage(e), { type: 'error' }));
  }, [dataProvider, notify, serverMessage]);

  const suggest = async () => {
    if (!chosen.length || !text.trim()) return notify(translate('validation.suggestionRequired'), { type: 'error' });
    setState(0);
    setSuggestions([]);
    setSavedIds(new Set());
    try {
      const found = await dataProvider.suggestItineraries<Suggestion>({
        category_ids: JSON.stringify(chosen.map((c) => c.id)),
        search: text.trim(),
        isAdminPanel: 'true',
        lang: locale,
      });
      setSuggestions(found);
      if (!found.length) notify(translate('messages.noDataFound'), { type: 'error' });
    } catch (e) {
      notify(serverMessage(e), { type: 'error' });
    } finally {
      setState(1);
    }
  };

  /** A day's line of the saved description: "Day 2: Galata Tower, Spice Bazaar". */
  const dayLine = (s: Suggestion) => translate('app.ai_itineraries.trip_day', { day: s.day ?? 1, stops: s.postSpot.map(({ spot }) => spot.name).join(', ') });

  /**
   * Saves days as ONE itinerary (spec's multipart form): a single day as it always was, or the whole
   * trip with each stop's day (`day[]`), which the server dates day 1…n. The stops are our spots already.
   */
  const save = async (days: Suggestion[], savedId: string, title: string) => {
    setState(2);
    const form = new FormData();
    form.append('title', title);
    form.append('description', days.map(dayLine).join('\n'));
    form.append('type', 'itinerary');
    form.append('is_public', '1');
    form.append('is_planeed', '1');
    form.append('isAdminItinerary', 'true');
    for (const c of chosen) form.append('category_id[]', String(c.id));
    for (const [i, s] of days.entries()) {
      for (const { spot } of s.postSpot) {
        form.append('spot_id[]', String(spot.id));
        form.append('spot_name[]', spot.name);
        form.append('latitude[]', String(spot.latitude));
        form.append('longitude[]', String(spot.longitude));
        form.append('address[]', spot.address ?? '');
        form.append('city[]', spot.city ?? '');
        form.append('country[]', spot.country ?? '');
        form.append('saved_spot[]', 'false');
        form.append('image[]', spot.image ?? '');
        form.append('thumbnail_url[]', spot.thumbnail_url ?? '');
        if (days.length > 1) form.append('day[]', String(i + 1));
      }
    }
    try {
      await dataProvider.saveItinerary(form);
      notify(translate('messages.resultsSaved'), { type: 'success' });
      setSavedIds((ids) => new Set([...ids, savedId]));
    } catch (e) {
      notify(serverMessage(e), { type: 'error' });
    } finally {
      setState(1);
    }
  };
  const saveDay = (s: Suggestion) => save([s], s.id, suggestionTitle(translate, s, locale));
  // the trip's title: the place (and theme) without a day, and how many days
  const tripTitle = () => translate('app.ai_itineraries.trip_title', { place: suggestionTitle(translate, { ...suggestions[0], days: 1 }, locale), smart_count: suggestions.length });
  const capped = suggestions[0]?.askedDays;

  return (
    <Box sx={{ p: { xs: 1, sm: 3 } }}>
      <Title title={translate('app.ai_itineraries.title')} />
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} component="form" onSubmit={(e) => (e.preventDefault(), void suggest())}>
            <Autocomplete
              multiple
              options={categories}
              value={chosen}
              onChange={(_e, value) => setChosen(value)}
              disableCloseOnSelect
              getOptionLabel={(o) => o.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              sx={{ flex: 1, minWidth: 260 }}
              slotProps={{ listbox: { sx: { maxHeight: 224 } } }}
              renderInput={(params) => <TextField {...params} label={translate('app.ai_itineraries.categories')} />}
            />
            <TextField
              label={translate('app.ai_itineraries.search')}
              placeholder={translate('app.ai_itineraries.placeholder')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              slotProps={{ htmlInput: { dir: 'auto' } }}
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={state !== 1}>
              {translate('app.ai_itineraries.suggest')}
            </Button>
          </Stack>
        </CardContent>
      </Card>

      {state === 0 && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', m: 3 }} role="status">
          <CircularProgress size={24} />
          <Typography>{translate('app.ai_itineraries.loading')}</Typography>
        </Stack>
      )}
      {capped && (
        <Alert severity="info" sx={{ mt: 2 }} role="status">
          {translate('app.ai_itineraries.capped', { asked: capped, max: suggestions[0].maxDays ?? suggestions.length, days: suggestions.length })}
        </Alert>
      )}
      {suggestions.length > 1 && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 2 }}>
          <Button
            variant="contained"
            startIcon={state === 2 ? <CircularProgress size={16} /> : <SaveIcon />}
            disabled={state !== 1 || savedIds.has(TRIP)}
            onClick={() => save(suggestions, TRIP, tripTitle())}
          >
            {translate(savedIds.has(TRIP) ? 'app.ai_itineraries.trip_saved' : 'app.ai_itineraries.save_trip')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            <bdi>{tripTitle()}</bdi>
          </Typography>
        </Stack>
      )}
      <Grid container spacing={2} sx={{ mt: 1 }}>
        {suggestions.map((s) => (
          <Grid key={s.id} size={{ xs: 12, lg: 6 }}>
            <Card component="section" aria-label={suggestionTitle(translate, s, locale)}>
              <CardHeader title={<SuggestionTitle suggestion={s} translate={translate} locale={locale} />} subheader={translate('app.ai_itineraries.stops', { smart_count: s.postSpot.length })} />
              {/* no band between the stop count and the stops */}
              <CardContent sx={{ pt: 0 }}>
                <List dense disablePadding>
                  {s.postSpot.map(({ spot }, i) => (
                    <ListItem key={spot.id} disableGutters>
                      <ListItemText
                        primary={
                          <>
                            {`${i + 1}. `}
                            <bdi>{spot.name}</bdi>
                          </>
                        }
                        secondary={<bdi>{[spot.city, spot.country].filter(Boolean).join(', ')}</bdi>}
                      />
                    </ListItem>
                  ))}
                </List>
                <RouteMap stops={s.postSpot.map(({ spot }) => ({ name: spot.name, latitude: spot.latitude, longitude: spot.longitude }))} />
              </CardContent>
              <CardActions>
                <Button startIcon={state === 2 ? <CircularProgress size={16} /> : <SaveIcon />} variant="contained" disabled={state !== 1 || savedIds.has(s.id)} onClick={() => saveDay(s)}>
                  {translate(savedIds.has(s.id) ? 'app.ai_itineraries.saved' : 'app.ai_itineraries.save')}
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
      {suggestions.length > 0 && <PlannedBy suggestion={suggestions[0]} translate={translate} />}
    </Box>
  );
}
