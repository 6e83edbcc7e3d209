import SearchIcon from '@mui/icons-material/Search';
import {
  Autocomplete,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Avatar,
  Chip,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { useServerMessage } from '../../components/useServerMessage';

interface PlaceType {
  type: string;
  name: string;
}
interface PlaceResult {
  place_id: string;
  name: string;
  icon: string | null;
  formatted_address: string;
  location: { lat: number; lng: number };
  /** the spot this place already is (saving it adds nothing), else null */
  spot_id?: number | null;
}

/** 'Load More ...' shows from this many results on (spec §9). */
const LOAD_MORE_FROM = 20;
const MAX_TYPES = 3;

/**
 * /chat, 'AI Chat' (spec §2): pick up to 3 place types, name a place, tick the results to keep and save
 * them as spots. Results come from our server (offline gazetteer and spots, or Google with a key).
 */
export function PlaceSearchPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const serverMessage = useServerMessage();
  const [types, setTypes] = useState<PlaceType[]>([]);
  const [chosen, setChosen] = useState<PlaceType[]>([]);
  const [place, setPlace] = useState('');
  const [results, setResults] = useState<PlaceResult[]>([]);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [nextToken, setNextToken] = useState<string | null>(null);
  /** spec §4: 0 loading, 1 done */
  const [loadState, setLoadState] = useState<0 | 1>(1);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    dataProvider
      .placeTypes<PlaceType>()
      .then(setTypes)
      .catch((e) => notify(serverMessage(e), { type: 'error' }));
  }, [dataProvider, notify, serverMessage]);

  const fetchPage = async (params: Record<string, string>, append: boolean) => {
    setLoadState(0);
    try {
      const found = await dataProvider.searchPlaces<PlaceResult>(params);
      const page = found.results;
      if (!append && !page.length) notify(translate('messages.noDataFound'), { type: 'error' });
      setResults((r) => (append ? [...r, ...page] : page));
      // every result starts ticked (spec §2)
      setTicked((t) => new Set([...(append ? t : []), ...page.map((p) => p.place_id)]));
      setNextToken(found.next_page_token);
    } catch (e) {
      notify(serverMessage(e), { type: 'error' });
    } finally {
      setLoadState(1);
    }
  };

  const search = () => {
    if (!chosen.length || !place.trim()) return notify(translate('validation.placeSearchRequired'), { type: 'error' });
    void fetchPage({ query: `${chosen.map((t) => t.type).join('|')} in ${place.trim()}` }, false);
  };

  const save = async () => {
    const selected = results.filter((r) => ticked.has(r.place_id));
    if (!selected.length) return;
    setSaving(true);
    notify(translate('messages.savingPlaces'), { type: 'info' });
    try {
      const { saved, skipped } = await dataProvider.savePlaces(selected);
      // the places just saved are spots now
      const savedIds = new Map(saved.map((p) => [p.name, p.id]));
      setResults((rs) => rs.map((r) => (ticked.has(r.place_id) && savedIds.has(r.name) ? { ...r, spot_id: savedIds.get(r.name) } : r)));
      notify(translate('messages.placesSaved', { saved: saved.length, skipped }), { type: 'success' });
    } catch (e) {
      notify(serverMessage(e), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const toggle = (id: string) =>
    setTicked((t) => {
      const next = new Set(t);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Box sx={{ p: { xs: 1, sm: 3 }, maxWidth: 1000 }}>
      <Title title={translate('app.ai_chat.title')} />
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} component="form" onSubmit={(e) => (e.preventDefault(), search())}>
            <Autocomplete
              multiple
              options={types}
              value={chosen}
              onChange={(_e, value) => {
                if (value.length > MAX_TYPES) return notify(translate('validation.tooManyPlaceTypes'), { type: 'error' });
                setChosen(value);
              }}
              getOptionLabel={(o) => o.name}
              isOptionEqualToValue={(a, b) => a.type === b.type}
              sx={{ flex: 1, minWidth: 260 }}
              slotProps={{ listbox: { sx: { maxHeight: 224 } } }}
              renderInput={(params) => <TextField {...params} label={translate('app.ai_chat.types')} />}
            />
            <TextField label={translate('app.ai_chat.place')} value={place} onChange={(e) => setPlace(e.target.value)} sx={{ flex: 1 }} />
            <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={loadState === 0}>
              {translate('app.ai_chat.search')}
            </Button>
          </Stack>
        </CardContent>
      </Card>

      {loadState === 0 && !results.length && <CircularProgress sx={{ m: 3 }} aria-label={translate('app.loading')} />}
      {results.length > 0 && (
        <Card sx={{ mt: 2 }}>
          <CardContent>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography role="status">{translate('app.ai_chat.selected', { n: ticked.size, total: results.length })}</Typography>
              <Button variant="contained" onClick={save} disabled={saving || !ticked.size} startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}>
                {translate(saving ? 'app.ai_chat.saving' : 'app.ai_chat.save')}
              </Button>
            </Stack>
            <List aria-label={translate('app.ai_chat.results')}>
              {results.map((r) => (
                <ListItem
                  key={r.place_id}
                  disablePadding
                  secondaryAction={r.spot_id ? <Chip size="small" color="success" variant="outlined" label={translate('app.ai_chat.known')} /> : undefined}
                >
                  <ListItemButton onClick={() => toggle(r.place_id)} dense>
                    <Checkbox edge="start" checked={ticked.has(r.place_id)} tabIndex={-1} slotProps={{ input: { 'aria-label': r.name } }} />
                    <ListItemAvatar>
                      <Avatar src={r.icon ?? undefined} alt="" variant="rounded" sx={{ bgcolor: 'transparent' }} />
                    </ListItemAvatar>
                    <ListItemText primary={<bdi>{r.name}</bdi>} secondary={<bdi>{r.formatted_address}</bdi>} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
            {results.length >= LOAD_MORE_FROM && nextToken && (
              <Button onClick={() => fetchPage({ pagetoken: nextToken }, true)} disabled={loadState === 0}>
                {translate('app.ai_chat.load_more')}
              </Button>
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
