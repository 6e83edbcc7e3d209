// Pieces the hand-made forms share (sign-in, forgot / reset password, profile).
import { Alert, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { FieldError } from 'react-hook-form';
import { apiFetch } from '../providers/httpClient';
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

/** POSTs JSON to the API and keeps the server's message (translated) as the result to show. */
export function usePostWithResult() {
  const serverMessage = useServerMessage();
  const [result, setResult] = useState<CallResult | null>(null);
  const post = async (path: string, body: unknown) => {
    setResult(null);
    try {
      const res = await apiFetch(path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
      setResult({ severity: 'success', text: serverMessage(res.message) });
    } catch (e) {
      setResult({ severity: 'error', text: serverMessage(e) });
    }
  };
  return { result, post };
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
