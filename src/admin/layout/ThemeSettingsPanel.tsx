import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  ButtonBase,
  Divider,
  FormControlLabel,
  FormLabel,
  IconButton,
  Radio,
  RadioGroup,
  Slider,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { Button, useLocaleState, useTranslate } from 'react-admin';
import { COLOUR_SCHEMES, DEFAULT_PREFERENCES, FONT_SCALE, LAYOUTS } from '@shared/preferences';
import { SCHEMES } from '../theme';
import { usePreferences } from './preferences';

/** The theme settings panel (spec §3 "Theme settings"): changes apply at once. */
export function ThemeSettingsPanel({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const { preferences: p, update } = usePreferences();
  const [locale] = useLocaleState();
  const toggle = (label: string, checked: boolean, onChange: (v: boolean) => void) => (
    <FormControlLabel control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} />} label={translate(label)} />
  );
  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {translate('app.theme.title')}
        </Typography>
        <IconButton aria-label={translate('ra.action.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>

      <FormLabel id="theme-layout">{translate('app.theme.layout')}</FormLabel>
      <RadioGroup aria-labelledby="theme-layout" value={p.layout} onChange={(e) => update({ layout: e.target.value as (typeof LAYOUTS)[number] })}>
        {LAYOUTS.map((l) => (
          <FormControlLabel key={l} value={l} control={<Radio />} label={translate(`app.theme.layouts.${l}`)} />
        ))}
      </RadioGroup>
      <Divider sx={{ my: 1.5 }} />

      <FormLabel id="theme-scheme">{translate('app.theme.scheme')}</FormLabel>
      <RadioGroup aria-labelledby="theme-scheme" row value={p.scheme} onChange={(e) => update({ scheme: e.target.value as (typeof COLOUR_SCHEMES)[number] })} sx={{ gap: 1, my: 1 }}>
        {COLOUR_SCHEMES.map((s) => (
          // a visible name under each swatch: a tooltip never shows on a touch screen
          <ButtonBase key={s} component="label" sx={{ flexDirection: 'column', gap: 0.5, borderRadius: 1, p: 0.5, outline: p.scheme === s ? 2 : 0, outlineColor: 'text.primary' }}>
            <Radio value={s} sx={{ position: 'absolute', opacity: 0 }} />
            <Box aria-hidden sx={{ width: 32, height: 32, borderRadius: '50%', background: `linear-gradient(135deg, ${SCHEMES[s].primary} 50%, ${SCHEMES[s].secondary} 50%)` }} />
            <Typography variant="caption">{translate(`app.theme.schemes.${s}`)}</Typography>
          </ButtonBase>
        ))}
      </RadioGroup>
      {toggle('app.theme.dark', p.mode === 'dark', (v) => update({ mode: v ? 'dark' : 'light' }))}
      <Divider sx={{ my: 1.5 }} />

      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography id="theme-font" gutterBottom>
          {translate('app.theme.font_size')}
        </Typography>
        {/* the value shows at all times, not only while dragging */}
        <Typography data-testid="font-scale-value" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {`${p.fontScale.toLocaleString(locale, { minimumFractionDigits: 1, numberingSystem: 'latn' } as Intl.NumberFormatOptions)}×`}
        </Typography>
      </Stack>
      <Slider
        aria-labelledby="theme-font"
        value={p.fontScale}
        min={FONT_SCALE.min}
        max={FONT_SCALE.max}
        step={FONT_SCALE.step}
        marks
        valueLabelDisplay="auto"
        sx={{ mx: 1, width: 'calc(100% - 16px)' }}
        onChange={(_e, v) => update({ fontScale: Math.round((v as number) * 10) / 10 })}
      />
      <Divider sx={{ my: 1.5 }} />

      <Stack>
        {toggle('app.theme.navbar', p.navbar.display, (display) => update({ navbar: { ...p.navbar, display } }))}
        {toggle('app.theme.navbar_folded', p.navbar.folded, (folded) => update({ navbar: { ...p.navbar, folded } }))}
        {toggle('app.theme.toolbar', p.toolbar.display, (display) => update({ toolbar: { display } }))}
        {toggle('app.theme.footer', p.footer.display, (display) => update({ footer: { display } }))}
        {toggle('app.theme.left_panel', p.leftSidePanel.display, (display) => update({ leftSidePanel: { display } }))}
        {toggle('app.theme.right_panel', p.rightSidePanel.display, (display) => update({ rightSidePanel: { display } }))}
        {toggle('app.theme.scrollbars', p.customScrollbars, (customScrollbars) => update({ customScrollbars }))}
      </Stack>
      <Divider sx={{ my: 1.5 }} />
      <Button label="app.theme.reset" variant="outlined" onClick={() => update(DEFAULT_PREFERENCES)} />
    </Box>
  );
}
