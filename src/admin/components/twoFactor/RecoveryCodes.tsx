import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/** Codes and keys are read character by character: spaced out, digits of one width. */
export const CODE_TEXT = { fontSize: '1.1em', fontWeight: 500, letterSpacing: '0.08em', fontVariantNumeric: 'tabular-nums' } as const;

/** The recovery codes, shown once after an enrolment, with copy and download, and Done. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const text = `${translate('app.two_factor.codes_title')}\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    await navigator.clipboard?.writeText(text);
    setCopied(true);
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'recovery-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {translate('app.two_factor.codes_title')}
      </Typography>
      <Alert severity="warning">{translate('app.two_factor.codes_intro')}</Alert>
      {/* codes read left to right in every language */}
      <Box
        component="ol"
        dir="ltr"
        aria-label={translate('app.two_factor.codes_title')}
        sx={{ ...CODE_TEXT, fontSize: '0.95em', letterSpacing: '0.02em', columns: { xs: 1, sm: 2 }, m: 0, ps: 4, pe: 0, '& li': { whiteSpace: 'nowrap' } }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => void copy()}>
          {translate(copied ? 'app.two_factor.copied' : 'app.two_factor.copy')}
        </Button>
        <Button variant="outlined" onClick={download}>
          {translate('app.two_factor.download')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {translate('app.two_factor.done')}
        </Button>
      </Stack>
    </Stack>
  );
}
