// The form dialogs' closing rule (src/admin/components/useDiscardGuard.tsx): an unchanged form closes
// at once; a changed one ignores backdrop clicks and asks before Escape or Cancel discard it.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nContextProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GuardedDialog, useGuardedClose } from '@admin/components/useDiscardGuard';
import { en } from '@admin/i18n/en';
import { tr } from '@admin/i18n/tr';

afterEach(cleanup);

function Form({ onClose }: { onClose: () => void }) {
  const form = useForm({ defaultValues: { name: '' } });
  return (
    <FormProvider {...form}>
      <Fields onClose={onClose} />
    </FormProvider>
  );
}

function Fields({ onClose }: { onClose: () => void }) {
  const { register } = useFormContext();
  const close = useGuardedClose(onClose);
  return (
    <>
      <input aria-label="Name" {...register('name')} />
      <button onClick={close}>Cancel</button>
    </>
  );
}

function renderDialog(catalogue: object = en) {
  const onClose = vi.fn();
  const i18n = polyglotI18nProvider(() => catalogue as never, 'en');
  render(
    <I18nContextProvider value={i18n}>
      <GuardedDialog open onClose={onClose}>
        <Form onClose={onClose} />
      </GuardedDialog>
    </I18nContextProvider>,
  );
  return onClose;
}

const dialogContainer = () => document.querySelector('.MuiDialog-container') as HTMLElement;
const clickBackdrop = () => {
  fireEvent.mouseDown(dialogContainer());
  fireEvent.click(dialogContainer());
};
const pressEscape = () => fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' });
const type = async (text: string) => {
  await act(async () => {
    fireEvent.input(screen.getByLabelText('Name'), { target: { value: text } });
  });
};

describe('GuardedDialog', () => {
  it('closes an unchanged form on a backdrop click, Escape and Cancel, without asking', () => {
    const onClose = renderDialog();
    clickBackdrop();
    pressEscape();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before a backdrop click, Escape or Cancel takes a changed form away', async () => {
    const onClose = renderDialog();
    await type('Deniz');
    clickBackdrop();
    expect(onClose).not.toHaveBeenCalled();
    screen.getByRole('alertdialog', { name: 'Discard the changes?' });
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    pressEscape();
    const ask = screen.getByRole('alertdialog', { name: 'Discard the changes?' });
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Deniz');
    expect(ask).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('no longer asks once the typing is undone', async () => {
    const onClose = renderDialog();
    await type('x');
    await type('');
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks in the current language', async () => {
    renderDialog(tr);
    await type('gece');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    screen.getByRole('alertdialog', { name: 'Değişiklikler silinsin mi?' });
    screen.getByRole('button', { name: 'Düzenlemeye devam et' });
    screen.getByRole('button', { name: 'Sil' });
  });
});
