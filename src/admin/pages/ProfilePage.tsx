import { zodResolver } from '@hookform/resolvers/zod';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import { useForm } from 'react-hook-form';
import { type ProfileFormInput, profileFormSchema } from '@shared/validation/auth';
import { isAcceptedPictureName } from '@shared/validation/user';
import { SubmitButton, useFieldError } from '../components/forms';
import { PasswordField } from '../components/PasswordField';
import { useServerMessage } from '../components/useServerMessage';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { useStaffIdentity } from '../providers/useStaff';
import { ProfileSessions } from './ProfileSessions';
import { TwoFactorCard } from './profile/TwoFactorCard';
import { TwoFactorPolicyCard } from './profile/TwoFactorPolicyCard';
import { ISOLATED_BLOCK } from '../bidi';

/** /profile: the signed-in person sees and edits their own name, picture and password. */
export function ProfilePage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const serverMessage = useServerMessage();
  const fieldError = useFieldError();
  const user = useStaffIdentity();
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isValid, isDirty, isSubmitting },
  } = useForm<ProfileFormInput>({
    resolver: zodResolver(profileFormSchema),
    mode: 'onChange',
    defaultValues: { name: user?.name ?? '', password: '', password_confirm: '', current_password: '' },
  });

  useEffect(() => {
    if (!picture) return setPreview(null);
    const url = URL.createObjectURL(picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picture]);

  if (!user) return null;

  const onPicture = (file: File | undefined) => {
    if (!file) return;
    if (!isAcceptedPictureName(file.name)) {
      setPicture(null);
      setPictureError(translate('validation.fileTypeNotSupported'));
      return;
    }
    setPictureError(null);
    setPicture(file);
  };

  const onSubmit = async (values: ProfileFormInput) => {
    const form = new FormData();
    form.append('name', values.name);
    if (values.password) form.append('password', values.password);
    if (values.password && values.current_password) form.append('current_password', values.current_password);
    if (picture) form.append('profile_pic', picture);
    try {
      // the saved person becomes the session's (and so this page's) at once (dataProvider.updateProfile)
      const { user: updated, message } = await dataProvider.updateProfile(form);
      setPicture(null);
      reset({ name: updated.name, password: '', password_confirm: '', current_password: '' });
      notify(serverMessage(message), { type: 'success', autoHideDuration: 3000 });
      refresh();
    } catch (e) {
      notify(serverMessage(e), { type: 'error', autoHideDuration: 3000 });
    }
  };

  const pending = user.role === 'Sub-Admin' && user.status !== 'Active';
  return (
    <Box sx={{ p: { xs: 1, sm: 3 }, maxWidth: 720 }}>
      <Title title={translate('app.profile.title')} />
      {pending && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(user.status === 'Request Pending' ? 'app.profile.pending_notice' : 'app.profile.inactive_notice')}
        </Alert>
      )}
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center', mb: 3 }}>
            <Avatar src={preview ?? user.photoURL} alt={user.name} sx={{ width: 96, height: 96 }} />
            <Box>
              <Typography variant="h5" component="h1" sx={ISOLATED_BLOCK}>
                {user.name}
              </Typography>
              <Typography color="text.secondary" sx={ISOLATED_BLOCK}>
                {user.email}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <Chip size="small" label={translate(`app.roles.${user.role}`)} />
                <Chip
                  size="small"
                  color={user.status === 'Active' ? 'success' : 'default'}
                  label={translate(`app.status.${user.status}`)}
                />
              </Stack>
            </Box>
          </Stack>
          <Box
            component="form"
            noValidate
            onSubmit={handleSubmit(onSubmit)}
            sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
          >
            <TextField
              label={translate('app.profile.name')}
              fullWidth
              {...register('name')}
              {...fieldError(errors.name)}
            />
            <Box>
              <Button component="label" variant="outlined" startIcon={<PhotoCameraIcon />}>
                {translate('app.profile.change_picture')}
                <input
                  hidden
                  type="file"
                  accept=".jpg,.jpeg,.png,.gif"
                  name="profile_pic"
                  onChange={(e) => onPicture(e.target.files?.[0])}
                />
              </Button>
              {picture && (
                <Typography component="span" sx={{ mx: 2 }}>
                  {picture.name}
                </Typography>
              )}
              {pictureError && (
                <Typography color="error" variant="body2" role="alert" sx={{ mt: 1 }}>
                  {pictureError}
                </Typography>
              )}
            </Box>
            {/* a new password of one's own: the current one, and the new one twice (finding m13) */}
            <PasswordField
              label={translate('app.profile.current_password')}
              autoComplete="current-password"
              fullWidth
              {...register('current_password', { deps: ['password'] })}
              {...fieldError(errors.current_password)}
            />
            <PasswordField
              label={translate('app.profile.new_password')}
              autoComplete="new-password"
              fullWidth
              {...register('password', { deps: ['password_confirm', 'current_password'] })}
              {...fieldError(errors.password)}
            />
            <PasswordField
              label={translate('app.accounts.confirm_password')}
              autoComplete="new-password"
              fullWidth
              {...register('password_confirm')}
              {...fieldError(errors.password_confirm)}
            />
            <Box>
              <SubmitButton
                label="app.profile.save"
                disabled={!isValid || (!isDirty && !picture) || !!pictureError}
                submitting={isSubmitting}
              />
            </Box>
          </Box>
        </CardContent>
      </Card>
      <ProfileSessions />
      <TwoFactorCard />
      {user.role === 'Admin' && <TwoFactorPolicyCard />}
    </Box>
  );
}
