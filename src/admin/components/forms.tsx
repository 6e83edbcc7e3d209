// Pieces the hand-made forms share (sign-in, forgot / reset password, profile).
import { Alert, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { FieldError } from 'react-hook-form';
import { useServerMessage } from './useServerMessage';

/** TextField props showing a field's validation message (a catalogue key) in the current language. */
export function useFieldError() {
  const translate = useTranslate();
  return (error?: FieldError) => ({ error: !!error, helperText: error?.message ? translate(error.message) : undefined });
}

/** The form's submit button: disabled by the form's rules, a spinner while the request runs. */
export function SubmitButton({ label, disabled, submitting }: { label: string; disabled: boolean; submitting: boolean }) {
  const translate = useTranslate();
  return (
    <Button type="submit" variant="contained" size="large" disabled={disabled || submitting}>
      {submitting ? <CircularProgress size={24} color="inherit" /> : translate(label)}
    </Button>
  );
}

export interface CallResult {
  severity: 'success' | 'error';
  text: string;
}

/** Runs a call of the dataProvider and keeps the server's message (translated) as the result to show. */
export function useCallWithResult() {
  const serverMessage = useServerMessage();
  const [result, setResult] = useState<CallResult | null>(null);
  const run = async (call: () => Promise<{ message: string }>) => {
    setResult(null);
    try {
      const res = await call();
      setResult({ severity: 'success', text: serverMessage(res.message) });
    } catch (e) {
      setResult({ severity: 'error', text: serverMessage(e) });
    }
  };
  return { result, run };
}

export function ResultAlert({ result, suffix }: { result: CallResult | null; suffix?: string }) {
  if (!result) return null;
  return (
    <Alert severity={result.severity} role={result.severity === 'error' ? 'alert' : 'status'}>
      {result.text}
      {suffix && ` ${suffix}`}
    </Alert>
  );
}
